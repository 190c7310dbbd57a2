import { ArnFormat, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { WAF_WINDOW_SECONDS, type FirewallRule, type PathScope } from '../firewall-rules';

export interface WebFirewallProps {
  /** CLOUDFRONT (the web ACL must then be in us-east-1) or REGIONAL (user pool, API Gateway REST, ALB). */
  readonly scope: 'CLOUDFRONT' | 'REGIONAL';
  /** Names its CloudWatch metrics (`<name>-<rule>`) and its log group (`aws-waf-logs-<name>`). */
  readonly name: string;
  readonly description: string;
  /** In priority order (infra/cdk/firewall-rules.ts). */
  readonly rules: readonly FirewallRule[];
  readonly isProd: boolean;
}

/** Headers never written to the WAF log: the caller's ID token and cookies. */
export const WAF_LOG_REDACTED_HEADERS = ['authorization', 'cookie'] as const;

/**
 * Path prefix match as WAF sees the path after URL-decoding and normalisation (`//`, `/./`, `/../`
 * resolved), so an encoded or dotted path cannot slip out of a rule's scope, e.g. `/webhooks/%2e%2e/api/x`
 * counts as `/api/x`.
 */
function pathStartsWith(prefix: string): wafv2.CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: 'STARTS_WITH',
      searchString: prefix,
      textTransformations: [
        { priority: 0, type: 'URL_DECODE' },
        { priority: 1, type: 'NORMALIZE_PATH' },
      ],
    },
  };
}

function anyPath(prefixes: readonly string[]): wafv2.CfnWebACL.StatementProperty {
  const statements = prefixes.map(pathStartsWith);
  if (statements.length === 1) return statements[0]!;
  return { orStatement: { statements } };
}

/** The scope-down statement of a path scope, or undefined for every path. */
function scopeDown(paths: PathScope | undefined): wafv2.CfnWebACL.StatementProperty | undefined {
  const parts: wafv2.CfnWebACL.StatementProperty[] = [];
  if (paths?.only?.length) parts.push(anyPath(paths.only));
  if (paths?.except?.length) parts.push({ notStatement: { statement: anyPath(paths.except) } });
  if (parts.length === 0) return undefined;
  if (parts.length === 1) return parts[0];
  return { andStatement: { statements: parts } };
}

/**
 * A WAF web ACL that allows by default and applies the given rules in order: IP rate-based rules
 * (optionally scoped to paths, answering their own status) and AWS managed rule groups (optionally
 * scoped, with chosen rules only counting). Every rule and the ACL publish CloudWatch metrics and
 * sampled requests; blocked and counted requests are logged to CloudWatch Logs (allowed ones are
 * not: they would cost more than they tell), without the Authorization and Cookie headers.
 */
export class WebFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;
  readonly logGroup: logs.LogGroup;
  /** The web ACL's ARN (what CloudFront's WebACLId and a WebACLAssociation take). */
  readonly arn: string;

  constructor(scope: Construct, id: string, props: WebFirewallProps) {
    super(scope, id);
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });

    const rules = props.rules.map((rule, priority): wafv2.CfnWebACL.RuleProperty => {
      const down = scopeDown(rule.paths);
      if (rule.kind === 'rate') {
        return {
          name: rule.name,
          priority,
          statement: {
            rateBasedStatement: {
              limit: rule.limit,
              aggregateKeyType: 'IP',
              evaluationWindowSec: WAF_WINDOW_SECONDS,
              ...(down ? { scopeDownStatement: down } : {}),
            },
          },
          action: { block: rule.blockStatus ? { customResponse: { responseCode: rule.blockStatus } } : {} },
          visibilityConfig: visibility(`${props.name}-${rule.name}`),
        };
      }
      const countOnly = Object.keys(rule.countOnly ?? {});
      return {
        name: rule.name,
        priority,
        statement: {
          managedRuleGroupStatement: {
            vendorName: 'AWS',
            name: rule.group,
            ...(countOnly.length > 0
              ? { ruleActionOverrides: countOnly.map((name) => ({ name, actionToUse: { count: {} } })) }
              : {}),
            ...(down ? { scopeDownStatement: down } : {}),
          },
        },
        overrideAction: { none: {} },
        visibilityConfig: visibility(`${props.name}-${rule.name}`),
      };
    });

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: props.scope,
      description: props.description,
      defaultAction: { allow: {} },
      rules,
      visibilityConfig: visibility(props.name),
    });
    this.arn = this.webAcl.attrArn;

    // WAF only logs to log groups whose name starts with aws-waf-logs-; hence a fixed name per stage.
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      logGroupName: `aws-waf-logs-${props.name}`,
      retention: props.isProd ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.ONE_MONTH,
      removalPolicy: props.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    new wafv2.CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.arn,
      // WAF takes the log group's ARN without the `:*` suffix of its GetAtt.
      logDestinationConfigs: [
        Stack.of(this).formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: this.logGroup.logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      redactedFields: WAF_LOG_REDACTED_HEADERS.map((name) => ({ singleHeader: { Name: name } })),
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            Conditions: [{ ActionCondition: { Action: 'BLOCK' } }, { ActionCondition: { Action: 'COUNT' } }],
          },
        ],
      },
    });
  }
}
