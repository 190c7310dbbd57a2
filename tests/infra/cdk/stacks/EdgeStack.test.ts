import { describe, expect, it } from 'vitest';
import { WAF_LOG_REDACTED_HEADERS } from '../../../../infra/cdk/constructs/WebFirewall';
import { COMMON_RULES_COUNT_ONLY, WAF_RATE_LIMITS, WAF_WINDOW_SECONDS } from '../../../../infra/cdk/firewall-rules';
import { makeSourceTree } from '../support/source-tree';
import { synthKehila, type SynthesizedKehila } from '../support/synth';
import { flattenValue, onlyResource, referencedId, type Resource } from '../support/template';

const dev = synthKehila({}, makeSourceTree());
const prod = synthKehila(
  {
    stage: 'prod',
    account: '123456789012',
    region: 'eu-west-1',
    wafApiRateLimit: '5000',
    wafSiteRateLimit: '20000',
  },
  makeSourceTree(),
);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- template JSON
type Json = any;

const webAclOf = (k: SynthesizedKehila) => onlyResource(k.templates.edge, 'AWS::WAFv2::WebACL');
const ruleOf = (k: SynthesizedKehila, name: string): Json =>
  (webAclOf(k)[1].Properties.Rules as Json[]).find((r) => r.Name === name);

/** WAF's NORMALIZE_PATH: no repeated slashes, `.` and `..` segments resolved. */
function normalizePath(path: string): string {
  const out: string[] = [];
  for (const segment of path.split('/').slice(1)) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return `/${out.join('/')}${path.endsWith('/') && out.length > 0 ? '/' : ''}`;
}

/** Evaluates the path statements our rules use (byte match on the URI path, not, or, and) for a path. */
function matches(statement: Json, path: string): boolean {
  if (statement.NotStatement) return !matches(statement.NotStatement.Statement, path);
  if (statement.OrStatement) return (statement.OrStatement.Statements as Json[]).some((s) => matches(s, path));
  if (statement.AndStatement) return (statement.AndStatement.Statements as Json[]).every((s) => matches(s, path));
  const match = statement.ByteMatchStatement;
  expect(match.FieldToMatch).toEqual({ UriPath: {} });
  expect(match.PositionalConstraint).toBe('STARTS_WITH');
  expect(match.TextTransformations).toEqual([
    { Priority: 0, Type: 'URL_DECODE' },
    { Priority: 1, Type: 'NORMALIZE_PATH' },
  ]);
  return normalizePath(decodeURIComponent(path)).startsWith(match.SearchString as string);
}

/** Whether a rule looks at a request for `path` at all (its scope-down statement, or every path). */
function inScope(rule: Json, path: string): boolean {
  const statement = rule.Statement.RateBasedStatement ?? rule.Statement.ManagedRuleGroupStatement;
  return statement.ScopeDownStatement ? matches(statement.ScopeDownStatement, path) : true;
}

const API_PATHS = ['/api/me', '/api/communities/c1/search', '//api/me', '/x/../api/me', '/webhooks/%2e%2e/api/me'];
const WEBHOOK_PATHS = ['/webhooks/whatsapp/meta', '/webhooks/billing', '/webhooks//whatsapp/waha'];
const SITE_PATHS = ['/', '/index.html', '/assets/app-abc123.js', '/config.json', '/logos/c1.png', '/dashboard'];

describe('edge stack: the CloudFront web ACL', () => {
  it('lives in us-east-1, as CLOUDFRONT scope requires, whatever the deploy region', () => {
    expect(prod.stacks.edge.region).toBe('us-east-1');
    expect(prod.stacks.web.region).toBe('eu-west-1');
    expect(dev.stacks.edge.region).toBe('us-east-1');
    for (const k of [dev, prod]) expect(webAclOf(k)[1].Properties).toMatchObject({ Scope: 'CLOUDFRONT' });
    expect(webAclOf(dev)[1].Properties.DefaultAction).toEqual({ Allow: {} });
  });

  it('is the web ACL of the distribution, read from the edge stack across regions', () => {
    for (const k of [dev, prod]) {
      const [, distribution] = onlyResource(k.templates.web, 'AWS::CloudFront::Distribution');
      const reference = distribution.Properties.DistributionConfig.WebACLId['Fn::GetStackOutput'] as Json;
      expect(reference).toMatchObject({ StackName: k.stacks.edge.stackName, Region: 'us-east-1' });
      const output = (k.templates.edge.toJSON().Outputs as Json)[reference.OutputName];
      expect(referencedId(output.Value)).toBe(webAclOf(k)[0]);
      expect(k.stacks.web.dependencies).toContain(k.stacks.edge);
    }
  });

  it(`limits each address to ${WAF_RATE_LIMITS.api} API requests per ${WAF_WINDOW_SECONDS / 60} minutes, answering 429`, () => {
    const rule = ruleOf(dev, 'RateLimitApi');
    expect(rule.Statement.RateBasedStatement).toMatchObject({
      Limit: WAF_RATE_LIMITS.api,
      AggregateKeyType: 'IP',
      EvaluationWindowSec: WAF_WINDOW_SECONDS,
    });
    expect(rule.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
    for (const path of API_PATHS) expect(inScope(rule, path), path).toBe(true);
    for (const path of [...WEBHOOK_PATHS, ...SITE_PATHS]) expect(inScope(rule, path), path).toBe(false);
    expect(ruleOf(prod, 'RateLimitApi').Statement.RateBasedStatement.Limit).toBe(5000);
  });

  it(`limits each address to ${WAF_RATE_LIMITS.site} requests for the site's files, never counting webhooks`, () => {
    const rule = ruleOf(dev, 'RateLimitSite');
    expect(rule.Statement.RateBasedStatement).toMatchObject({ Limit: WAF_RATE_LIMITS.site, AggregateKeyType: 'IP' });
    expect(rule.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
    for (const path of SITE_PATHS) expect(inScope(rule, path), path).toBe(true);
    for (const path of [...API_PATHS, ...WEBHOOK_PATHS]) expect(inScope(rule, path), path).toBe(false);
    expect(ruleOf(prod, 'RateLimitSite').Statement.RateBasedStatement.Limit).toBe(20000);
  });

  it('applies the AWS Core and Known bad inputs rule groups to every path but the webhooks', () => {
    for (const [name, group] of [
      ['CommonRuleSet', 'AWSManagedRulesCommonRuleSet'],
      ['KnownBadInputs', 'AWSManagedRulesKnownBadInputsRuleSet'],
    ] as const) {
      const rule = ruleOf(dev, name);
      expect(rule.Statement.ManagedRuleGroupStatement).toMatchObject({ VendorName: 'AWS', Name: group });
      expect(rule.OverrideAction).toEqual({ None: {} });
      for (const path of [...API_PATHS, ...SITE_PATHS]) expect(inScope(rule, path), `${name} ${path}`).toBe(true);
      for (const path of WEBHOOK_PATHS) expect(inScope(rule, path), `${name} ${path}`).toBe(false);
    }
  });

  it('only counts the Core size rules that would refuse bodies up to 1 MB and 4,000-character searches', () => {
    const overrides = ruleOf(dev, 'CommonRuleSet').Statement.ManagedRuleGroupStatement.RuleActionOverrides as Json[];
    expect(overrides).toEqual(
      Object.keys(COMMON_RULES_COUNT_ONLY).map((name) => ({ Name: name, ActionToUse: { Count: {} } })),
    );
    expect(Object.keys(COMMON_RULES_COUNT_ONLY).sort()).toEqual([
      'SizeRestrictions_BODY',
      'SizeRestrictions_QUERYSTRING',
    ]);
    expect(ruleOf(dev, 'KnownBadInputs').Statement.ManagedRuleGroupStatement.RuleActionOverrides).toBeUndefined();
  });

  it('checks the rate limits first, then the rule groups', () => {
    const rules = webAclOf(dev)[1].Properties.Rules as Json[];
    expect(rules.map((r) => [r.Priority, r.Name])).toEqual([
      [0, 'RateLimitApi'],
      [1, 'RateLimitSite'],
      [2, 'CommonRuleSet'],
      [3, 'KnownBadInputs'],
    ]);
  });

  it('publishes CloudWatch metrics and sampled requests for the ACL and every rule', () => {
    const [, acl] = webAclOf(dev);
    const visibilities = [
      acl.Properties.VisibilityConfig,
      ...(acl.Properties.Rules as Json[]).map((r) => r.VisibilityConfig),
    ];
    const names = visibilities.map((v) => v.MetricName as string);
    expect(new Set(names).size).toBe(names.length);
    for (const v of visibilities) {
      expect(v).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true });
      expect(v.MetricName).toMatch(/^kehila-dev-site(-[A-Za-z]+)?$/);
    }
  });

  it('logs blocked and counted requests, without tokens or cookies, to an aws-waf-logs- log group', () => {
    for (const k of [dev, prod]) {
      const [aclId] = webAclOf(k);
      const [, logging] = onlyResource(k.templates.edge, 'AWS::WAFv2::LoggingConfiguration');
      expect(referencedId(logging.Properties.ResourceArn)).toBe(aclId);
      const [groupId, group] = onlyResource(k.templates.edge, 'AWS::Logs::LogGroup') as [string, Resource];
      expect(group.Properties.LogGroupName).toBe(`aws-waf-logs-kehila-${k.config.stage}-site`);
      expect(group.Properties.RetentionInDays).toBe(k.config.isProd ? 90 : 30);
      // The log group's ARN without the `:*` of its GetAtt, as WAF wants it.
      expect(flattenValue(logging.Properties.LogDestinationConfigs[0])).toBe(
        `arn:aws:logs:us-east-1:${k.config.env.account ?? '<AWS::AccountId>'}:log-group:<${groupId}>`,
      );
      expect(logging.Properties.RedactedFields).toEqual(
        WAF_LOG_REDACTED_HEADERS.map((name) => ({ SingleHeader: { Name: name } })),
      );
      expect(logging.Properties.LoggingFilter).toEqual({
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            Conditions: [{ ActionCondition: { Action: 'BLOCK' } }, { ActionCondition: { Action: 'COUNT' } }],
          },
        ],
      });
    }
  });

  it('holds nothing but the web ACL and its logging: no custom resource carries the ARN across regions', () => {
    for (const k of [dev, prod]) {
      const types = (t: SynthesizedKehila['templates']['edge']) =>
        Object.values(t.toJSON().Resources as Record<string, Resource>).map((r) => r.Type);
      expect(types(k.templates.edge).sort()).toEqual([
        'AWS::Logs::LogGroup',
        'AWS::WAFv2::LoggingConfiguration',
        'AWS::WAFv2::WebACL',
      ]);
      expect(types(k.templates.web).filter((t) => /CrossRegion|Export/.test(t))).toEqual([]);
    }
  });
});
