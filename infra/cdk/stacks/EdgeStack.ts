import { CfnOutput, CrossStackReferences, ReferenceStrength, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { DeployConfig } from '../config';
import { WebFirewall } from '../constructs/WebFirewall';
import { siteFirewallRules } from '../firewall-rules';

/** The only region where a web ACL for CloudFront can be created. */
export const EDGE_REGION = 'us-east-1';

export interface EdgeStackProps extends StackProps {
  readonly config: DeployConfig;
}

/**
 * What CloudFront needs from us-east-1 whatever the deploy region: the site's WAF web ACL (scope
 * CLOUDFRONT). The web stack reads its ARN with `Fn::GetStackOutput`, which works across regions
 * without the custom resources of a strong cross-region reference; the price is a weak reference,
 * so CloudFormation would let this stack be deleted while the distribution still names the ACL.
 */
export class EdgeStack extends Stack {
  readonly firewall: WebFirewall;
  /** ARN of the site's web ACL, for the distribution's WebACLId. */
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    if (this.region !== EDGE_REGION) throw new Error(`the edge stack must be in ${EDGE_REGION}, not ${this.region}`);
    const { config } = props;
    this.firewall = new WebFirewall(this, 'SiteFirewall', {
      scope: 'CLOUDFRONT',
      name: `kehila-${config.stage}-site`,
      description: 'Kehila site and API behind CloudFront: IP rate limits, AWS Core and Known bad inputs rules',
      rules: siteFirewallRules({ api: config.waf.apiRateLimit, site: config.waf.siteRateLimit }),
      isProd: config.isProd,
    });
    CrossStackReferences.of(this.firewall.webAcl).produce(ReferenceStrength.WEAK);
    this.webAclArn = this.firewall.arn;
    new CfnOutput(this, 'SiteWebAclArn', { value: this.webAclArn });
  }
}
