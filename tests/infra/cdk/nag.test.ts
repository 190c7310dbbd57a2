import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import type { KehilaStacks } from '../../../infra/cdk/build';
import { acknowledgeWildcardResource, applyNagChecks } from '../../../infra/cdk/nag';
import { makeSourceTree } from './support/source-tree';
import { synthKehila, testApp, type SynthesizedKehila } from './support/synth';
import {
  actionsOf,
  flattenValue,
  policyStatementsOfRole,
  referencedId,
  resourcesOf,
  resourcesOfStatement,
} from './support/template';

interface ReportViolation {
  ruleName: string;
  severity: string;
  violatingConstructs?: { constructPath: string }[];
}
interface ValidationReport {
  pluginReports: { pluginName: string; violations: ReportViolation[] }[];
}

/** The validation report `cdk synth` writes (cdk-nag, CloudFormation validation, annotations). */
function validationReport(k: SynthesizedKehila): ValidationReport {
  const path = join(k.app.outdir, 'validation-report.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as ValidationReport) : { pluginReports: [] };
}

// Built with CDK's CloudFormation template validation on, exactly as `cdk synth` runs.
const variants: [string, SynthesizedKehila][] = [
  ['dev defaults', synthKehila({}, makeSourceTree(), { cloudFormationValidation: true })],
  [
    'prod with Google, a custom domain and a zone-aware search cluster',
    synthKehila(
      {
        stage: 'prod',
        account: '123456789012',
        region: 'eu-west-1',
        googleClientId: 'client-123.apps.googleusercontent.com',
        domainName: 'app.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
        hostedZoneId: 'Z123',
        hostedZoneName: 'example.com',
        alarmEmail: 'ops@example.com',
        emailFrom: 'no-reply@example.com',
        searchInstanceType: 'r7g.large.search',
        searchInstanceCount: '2',
        searchZoneAwareness: 'true',
        searchMasterInstanceType: 'm7g.large.search',
      },
      makeSourceTree(),
      { cloudFormationValidation: true },
    ),
  ],
  [
    'an early clone (no workers, triggers, WebSocket handler or web build)',
    synthKehila({}, makeSourceTree({ workers: false, triggers: false, realtime: false, webDist: false }), {
      cloudFormationValidation: true,
    }),
  ],
];

describe('cdk-nag (AwsSolutions) and template validation', () => {
  describe.each(variants)('%s', (_name, k) => {
    it.each(Object.keys(k.stacks) as (keyof KehilaStacks)[])(
      'leaves no unacknowledged error or warning in the %s stack',
      (name) => {
        const report = new AwsSolutionsChecks().validateScope(k.stacks[name]);
        expect(
          report.violations.map(
            (v) => `${v.severity} ${v.ruleName} ${v.violatingResources.map((r) => r.constructPath).join(', ')}`,
          ),
        ).toEqual([]);
      },
    );

    it('reports nothing but the warnings about modules that do not exist yet and an unknown site origin', () => {
      const violations = validationReport(k).pluginReports.flatMap((r) =>
        r.violations.map((v) => ({ plugin: r.pluginName, ...v })),
      );
      for (const v of violations) {
        expect(v.severity).toBe('warning');
        expect(v.ruleName).toMatch(
          /@kehila\/infra:(missing-(worker|area|trigger|realtime)-entry|missing-web-build|no-web-origin)/,
        );
      }
    });

    it('acknowledges only findings cdk-nag reports here, so no reason outlives its finding', () => {
      const pack = new AwsSolutionsChecks();
      // The pack's own acknowledgement check (private), turned off to see every finding.
      (pack as unknown as { isAcknowledged: () => boolean }).isAcknowledged = () => false;
      const findings = pack
        .validateScope(k.app)
        .violations.flatMap((v) => v.violatingResources.map((r) => ({ id: v.ruleName, path: r.constructPath ?? '' })));
      const acknowledged: string[] = [];
      const stale: string[] = [];
      for (const node of k.app.node.findAll()) {
        for (const entry of node.node.metadata) {
          if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
          for (const key of Object.keys(entry.data as Record<string, string>)) {
            // Stored as the CDK writes it (`Annotation::<id>`), read as cdk-nag reads it.
            const id = key.replace(/^annotation::/i, '');
            if (!id.startsWith('AwsSolutions-')) continue;
            acknowledged.push(id);
            const under = (path: string) => path === node.node.path || path.startsWith(`${node.node.path}/`);
            if (!findings.some((f) => f.id === id && under(f.path))) stale.push(`${node.node.path}: ${id}`);
          }
        }
      }
      expect(acknowledged.length).toBeGreaterThan(0);
      expect(stale).toEqual([]);
    });

    it('puts no secret value in any function environment: secrets are named, and readable only by their users', () => {
      const forbidden = ['SENDER_HASH_KEY', 'WHATSAPP_WEBHOOK_SECRETS', 'LEMON_SQUEEZY_CONFIG', 'LOCAL_OBJECTS_SECRET'];
      let named = 0;
      for (const template of Object.values(k.templates)) {
        for (const fn of Object.values(resourcesOf(template, 'AWS::Lambda::Function'))) {
          const env = (fn.Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
          for (const key of forbidden) expect(env).not.toHaveProperty(key);
          for (const [key, value] of Object.entries(env)) {
            expect(JSON.stringify(value), key).not.toMatch(/resolve:secretsmanager|resolve:ssm-secure|SecretString/);
            if (!key.endsWith('_SECRET_NAME')) continue;
            named += 1;
            // The name (or ARN) of a secret this function's own role may read.
            const reads = policyStatementsOfRole(template, referencedId(fn.Properties.Role))
              .filter((st) => actionsOf(st).includes('secretsmanager:GetSecretValue'))
              .flatMap(resourcesOfStatement)
              .map(flattenValue);
            const reference = flattenValue(value);
            expect(
              reads.some((arn) => arn === reference || arn.includes(`:secret:${reference}-`)),
              key,
            ).toBe(true);
          }
        }
      }
      expect(named).toBeGreaterThan(0);
    });
  });

  it('fails synthesis on a finding nobody acknowledged', () => {
    const app = testApp();
    const stack = new Stack(app, 'Careless');
    new s3.Bucket(stack, 'NoTls', { blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL });
    applyNagChecks(app);
    expect(() => app.synth()).toThrow(/AwsSolutions-S10/);
  });

  it('acknowledges exactly the wildcard resource named, not others in the same policy', () => {
    const app = testApp();
    const stack = new Stack(app, 'Grants');
    const bucket = new s3.Bucket(stack, 'Bucket');
    const other = new s3.Bucket(stack, 'Other');
    const role = new iam.Role(stack, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [bucket.arnForObjects('*'), other.arnForObjects('*')],
      }),
    );
    acknowledgeWildcardResource(
      role,
      bucket.arnForObjects('*'),
      'Test: objects of this bucket are read by generated keys.',
    );
    applyNagChecks(app);
    expect(() => app.synth()).toThrow(/AwsSolutions-IAM5\[Resource::<Other[0-9A-F]+\.Arn>\/\*\]/);
    const remaining = new AwsSolutionsChecks().validateScope(stack).violations.map((v) => v.ruleName);
    expect(remaining).toContain(
      `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(other.node.defaultChild as s3.CfnBucket)}.Arn>/*]`,
    );
    expect(remaining).not.toContain(
      `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(bucket.node.defaultChild as s3.CfnBucket)}.Arn>/*]`,
    );
  });
});
