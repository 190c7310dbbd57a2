import { RemovalPolicy } from 'aws-cdk-lib';
import { EbsDeviceVolumeType } from 'aws-cdk-lib/aws-ec2';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as opensearch from 'aws-cdk-lib/aws-opensearchservice';
import { Construct } from 'constructs';
import type { DeployConfig } from '../config';
import { acknowledge } from '../nag';

export interface SearchDomainProps {
  readonly isProd: boolean;
  readonly sizing: DeployConfig['search'];
}

/**
 * The OpenSearch domain behind message search (BM25 + k-NN): encrypted at rest and between
 * nodes, HTTPS (TLS 1.2+) only, IAM-based access: the domain policy trusts this account and only
 * roles granted es:ESHttp* on the domain (the API and worker functions) can call it. Slow logs and application logs
 * go to CloudWatch Logs.
 */
export class SearchDomain extends Construct {
  readonly domain: opensearch.Domain;

  constructor(scope: Construct, id: string, props: SearchDomainProps) {
    super(scope, id);
    const { sizing } = props;
    const logGroup = (name: string) =>
      new logs.LogGroup(this, name, {
        retention: props.isProd ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.ONE_MONTH,
        removalPolicy: props.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });
    const slowSearchLogs = logGroup('SlowSearchLogs');
    const slowIndexLogs = logGroup('SlowIndexLogs');
    const appLogs = logGroup('ApplicationLogs');

    // Our own log resource policy (instead of the construct's custom-resource Lambda that writes one).
    const logsPolicy = new logs.ResourcePolicy(this, 'LogsPolicy', {
      policyStatements: [
        new iam.PolicyStatement({
          principals: [new iam.ServicePrincipal('es.amazonaws.com')],
          actions: ['logs:PutLogEvents', 'logs:CreateLogStream'],
          resources: [slowSearchLogs.logGroupArn, slowIndexLogs.logGroupArn, appLogs.logGroupArn],
        }),
      ],
    });

    this.domain = new opensearch.Domain(this, 'Domain', {
      version: opensearch.EngineVersion.OPENSEARCH_2_19,
      capacity: {
        dataNodeInstanceType: sizing.instanceType,
        dataNodes: sizing.instanceCount,
        multiAzWithStandbyEnabled: false,
        ...(sizing.masterInstanceType ? { masterNodeInstanceType: sizing.masterInstanceType, masterNodes: 3 } : {}),
      },
      ebs: { enabled: true, volumeSize: sizing.volumeGb, volumeType: EbsDeviceVolumeType.GP3 },
      zoneAwareness: sizing.zoneAwareness ? { enabled: true, availabilityZoneCount: 2 } : { enabled: false },
      encryptionAtRest: { enabled: true },
      nodeToNodeEncryption: true,
      enforceHttps: true,
      tlsSecurityPolicy: opensearch.TLSSecurityPolicy.TLS_1_2,
      logging: {
        slowSearchLogEnabled: true,
        slowSearchLogGroup: slowSearchLogs,
        slowIndexLogEnabled: true,
        slowIndexLogGroup: slowIndexLogs,
        appLogEnabled: true,
        appLogGroup: appLogs,
      },
      suppressLogsResourcePolicy: true,
      removalPolicy: props.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.domain.node.addDependency(logsPolicy);
    // IAM-based access: the domain accepts SigV4-signed calls from this account's principals, and
    // only roles whose identity policy allows es:ESHttp* on it (the function roles) get through.
    this.domain.addAccessPolicies(
      new iam.PolicyStatement({
        principals: [new iam.AccountRootPrincipal()],
        actions: ['es:ESHttp*'],
        resources: [`${this.domain.domainArn}/*`],
      }),
    );

    acknowledge(
      this.domain,
      'AwsSolutions-OS1',
      'The functions that call the domain run outside a VPC (no NAT gateway or VPC endpoints to pay for, no ENI cold starts), so the domain has a public endpoint; its access policy trusts only this account’s principals, every request must be SigV4-signed, and only roles granted es:ESHttp* on the index (grantSearchIndex) get through. Moving it into a VPC needs every function that uses search (function-uses.ts) in that VPC too.',
    );
    acknowledge(
      this.domain,
      'AwsSolutions-OS3',
      'Its only callers are Lambda functions outside a VPC, whose source addresses are AWS’s and change; an IP allow-list could not name them. Access is decided by IAM instead: SigV4-signed requests from this account, allowed by the identity policy of each function role (index-scoped es:ESHttp* actions).',
    );
    if (!sizing.masterInstanceType) {
      acknowledge(
        this.domain,
        'AwsSolutions-OS4',
        'Without searchMasterInstanceType the domain is the small default (one t3.small.search data node) that elects its own master; dedicated masters matter for clusters of several data nodes, and searchMasterInstanceType adds three (no acknowledgement then).',
      );
    }
    if (!sizing.zoneAwareness) {
      acknowledge(
        this.domain,
        'AwsSolutions-OS7',
        'Without searchZoneAwareness the domain sits in one Availability Zone to keep a small deployment cheap; the index is derived data (messages live in the table and are re-indexed from it, docs/search.md), so losing the zone loses search until re-indexing, not messages. searchZoneAwareness=true with an even node count spreads it over two zones (no acknowledgement then).',
      );
    }
  }
}
