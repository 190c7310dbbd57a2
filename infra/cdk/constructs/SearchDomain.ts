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
      'The Lambda functions run outside a VPC (no NAT cost, fast cold starts); the domain has no resource policy, so only IAM-signed requests from granted roles are accepted.',
    );
    acknowledge(
      this.domain,
      'AwsSolutions-OS3',
      'Callers are Lambda functions with changing IP addresses; access is controlled by IAM SigV4 identity policies on their roles instead of an IP allow-list.',
    );
    if (!sizing.masterInstanceType) {
      acknowledge(
        this.domain,
        'AwsSolutions-OS4',
        'Small default sizing for one community index; set searchMasterInstanceType to add three dedicated master nodes for larger clusters.',
      );
    }
    if (!sizing.zoneAwareness) {
      acknowledge(
        this.domain,
        'AwsSolutions-OS7',
        'The single-node default keeps a small deployment cheap and messages stay in the table if the index is lost; set searchZoneAwareness=true with an even instance count for two-zone replication.',
      );
    }
  }
}
