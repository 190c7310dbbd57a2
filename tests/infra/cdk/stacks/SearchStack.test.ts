import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { parseDeployConfig, type RawParameters } from '../../../../infra/cdk/config';
import { SearchStack } from '../../../../infra/cdk/stacks/SearchStack';
import { testApp } from '../support/synth';
import { onlyResource, resourcesOf } from '../support/template';

function searchTemplate(params: RawParameters): Template {
  const app = testApp();
  const config = parseDeployConfig(params);
  return Template.fromStack(new SearchStack(app, 'Search', { config, env: config.env }));
}

const small = searchTemplate({});
const large = searchTemplate({
  stage: 'prod',
  searchInstanceType: 'r7g.large.search',
  searchInstanceCount: '2',
  searchVolumeGb: '100',
  searchZoneAwareness: 'true',
  searchMasterInstanceType: 'm7g.large.search',
});

describe('search stack', () => {
  const [, domain] = onlyResource(small, 'AWS::OpenSearchService::Domain');

  it('encrypts at rest and between nodes and only speaks HTTPS with TLS 1.2+', () => {
    expect(domain.Properties.EncryptionAtRestOptions).toEqual({ Enabled: true });
    expect(domain.Properties.NodeToNodeEncryptionOptions).toEqual({ Enabled: true });
    expect(domain.Properties.DomainEndpointOptions).toEqual({
      EnforceHTTPS: true,
      TLSSecurityPolicy: 'Policy-Min-TLS-1-2-2019-07',
    });
  });

  it('defaults to one small node on a gp3 volume, without standby or zone awareness', () => {
    expect(domain.Properties.ClusterConfig).toMatchObject({
      InstanceType: 't3.small.search',
      InstanceCount: 1,
      DedicatedMasterEnabled: false,
      MultiAZWithStandbyEnabled: false,
      ZoneAwarenessEnabled: false,
    });
    expect(domain.Properties.EBSOptions).toMatchObject({ EBSEnabled: true, VolumeSize: 10, VolumeType: 'gp3' });
  });

  it('follows the sizing parameters, with two zones and three dedicated masters when asked', () => {
    const [, big] = onlyResource(large, 'AWS::OpenSearchService::Domain');
    expect(big.Properties.ClusterConfig).toMatchObject({
      InstanceType: 'r7g.large.search',
      InstanceCount: 2,
      ZoneAwarenessEnabled: true,
      ZoneAwarenessConfig: { AvailabilityZoneCount: 2 },
      DedicatedMasterEnabled: true,
      DedicatedMasterCount: 3,
      DedicatedMasterType: 'm7g.large.search',
    });
    expect(big.Properties.EBSOptions.VolumeSize).toBe(100);
    expect(big.DeletionPolicy).toBe('Retain');
    expect(domain.DeletionPolicy).toBe('Delete');
  });

  it('publishes slow search, slow index and application logs to CloudWatch with its own log policy', () => {
    const logs = domain.Properties.LogPublishingOptions as Record<string, { Enabled: boolean }>;
    for (const kind of ['SEARCH_SLOW_LOGS', 'INDEX_SLOW_LOGS', 'ES_APPLICATION_LOGS']) expect(logs[kind]?.Enabled).toBe(true);
    const [policyId, policy] = onlyResource(small, 'AWS::Logs::ResourcePolicy');
    const document = JSON.stringify(policy.Properties.PolicyDocument);
    expect(document).toContain('es.amazonaws.com');
    expect(document).toContain('logs:PutLogEvents');
    expect(small.toJSON().Resources[onlyResource(small, 'AWS::OpenSearchService::Domain')[0]].DependsOn).toContain(policyId);
  });

  it('trusts only IAM principals of this account (signed requests), never anonymous callers', () => {
    const [, accessPolicy] = onlyResource(small, 'Custom::OpenSearchAccessPolicy');
    const update = JSON.stringify(accessPolicy.Properties.Update);
    expect(update).toContain('es:ESHttp*');
    expect(update).toContain(':root');
    expect(update).not.toMatch(/\\"Principal\\":\{\\"AWS\\":\\"\*\\"\}/);
    expect(Object.keys(resourcesOf(small, 'AWS::OpenSearchService::Domain'))).toHaveLength(1);
  });
});
