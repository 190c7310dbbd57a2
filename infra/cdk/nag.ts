import {
  CfnResource,
  Stack,
  Validations,
  type App,
  type IPolicyValidationContext,
  type IPolicyValidationPlugin,
  type PolicyValidationPluginReport,
} from 'aws-cdk-lib';
import { AwsSolutionsChecks, rules } from 'cdk-nag';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag 3 runs as a CDK policy-validation plugin: `Validations.of(app).addPlugins(pack)`
 * (checked against the installed cdk-nag 3.0.2 / aws-cdk-lib 2.276; v2's `Aspects.of(app).add`
 * and `NagSuppressions` are gone). A finding is acknowledged with
 * `Validations.of(construct).acknowledge({ id, reason })`, where granular findings carry their
 * detail in the id: `AwsSolutions-IAM5[Resource::<...>/*]`.
 */

/** Acknowledges one cdk-nag finding (or CDK warning) on a construct and its children. */
export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  if (reason.trim().length < 30) throw new Error(`acknowledgement of ${id} needs a specific reason`);
  Validations.of(scope).acknowledge({ id, reason });
}

/** How an IAM5 wildcard resource to acknowledge is recognised. */
type WildcardResource =
  | { readonly resource: string; readonly reason: string }
  | { readonly pattern: RegExp; readonly reason: string };

const wildcardAcks = new WeakMap<IConstruct, WildcardResource[]>();

/**
 * Acknowledges AwsSolutions-IAM5 for one wildcard resource (it may contain tokens, e.g.
 * `bucket.arnForObjects('*')`) in the policies under `scope`.
 *
 * Why deferred: the finding id holds the resource as CloudFormation finally renders it, and for
 * a cross-stack grant that is an import name (`Kehila-dev-Data:ExportsOutputFnGetAtt...`) that
 * only exists once the app is prepared for synthesis. {@link DeferredAcknowledgements}, running
 * just before cdk-nag, resolves the resource the same way cdk-nag does and acknowledges exactly
 * that finding; any other wildcard still fails the check.
 */
export function acknowledgeWildcardResource(scope: IConstruct, resource: string, reason: string): void {
  addWildcardAck(scope, { resource, reason });
}

/** Like {@link acknowledgeWildcardResource} for resources CDK constructs build internally. */
export function acknowledgeWildcardResourcePattern(scope: IConstruct, pattern: RegExp, reason: string): void {
  addWildcardAck(scope, { pattern, reason });
}

function addWildcardAck(scope: IConstruct, ack: WildcardResource): void {
  if (ack.reason.trim().length < 30) throw new Error('an IAM5 acknowledgement needs a specific reason');
  wildcardAcks.set(scope, [...(wildcardAcks.get(scope) ?? []), ack]);
}

/** Turns every deferred wildcard acknowledgement into an exact one for the findings it matches. */
export function applyDeferredAcknowledgements(root: IConstruct): void {
  for (const node of root.node.findAll()) {
    if (!CfnResource.isCfnResource(node)) continue;
    const acks = node.node.scopes.flatMap((s) => wildcardAcks.get(s) ?? []);
    if (acks.length === 0) continue;
    const findings = rules.iam.IAMNoWildcardPermissions(node);
    if (!Array.isArray(findings)) continue;
    const stack = Stack.of(node);
    for (const finding of findings as string[]) {
      if (!finding.startsWith('Resource::')) continue;
      const detail = finding.slice('Resource::'.length);
      const match = acks.find((a) =>
        'pattern' in a ? a.pattern.test(detail) : flattenCfnReference(stack.resolve(a.resource)) === detail,
      );
      if (match) Validations.of(node).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason: match.reason });
    }
  }
}

/** Validation plugin running {@link applyDeferredAcknowledgements}; registered before cdk-nag. */
export class DeferredAcknowledgements implements IPolicyValidationPlugin {
  readonly name = 'KehilaAcknowledgements';

  validate(context: IPolicyValidationContext): PolicyValidationPluginReport {
    applyDeferredAcknowledgements(context.appConstruct);
    return { success: true, violations: [] };
  }
}

/** Registers the checks on the app: deferred acknowledgements first, then AwsSolutions. */
export function applyNagChecks(app: App): AwsSolutionsChecks {
  const pack = new AwsSolutionsChecks(app);
  Validations.of(app).addPlugins(new DeferredAcknowledgements(), pack);
  return pack;
}
