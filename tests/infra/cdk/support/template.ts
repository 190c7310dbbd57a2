import type { Template } from 'aws-cdk-lib/assertions';

/** A CloudFormation resource as the tests read it. */
export interface Resource {
  readonly Type: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- template JSON is untyped; tests index into it freely
  readonly Properties: { [key: string]: any };
  readonly DeletionPolicy?: string;
  readonly UpdateReplacePolicy?: string;
  readonly DependsOn?: string[];
}

/** Every resource of a type, by logical id. */
export function resourcesOf(template: Template, type: string): Record<string, Resource> {
  return template.findResources(type) as Record<string, Resource>;
}

/** The only resource of a type (fails when there are none or several). */
export function onlyResource(template: Template, type: string): [string, Resource] {
  const entries = Object.entries(resourcesOf(template, type));
  if (entries.length !== 1) throw new Error(`expected exactly one ${type}, found ${entries.length}`);
  return entries[0] as [string, Resource];
}

/** The export a `Fn::ImportValue` names, resolved to the producing stack's output value. */
export function exportedValue(producer: Template, importValue: unknown): unknown {
  const name = (importValue as { 'Fn::ImportValue'?: string })['Fn::ImportValue'];
  if (!name) throw new Error(`not an import: ${JSON.stringify(importValue)}`);
  const outputs = producer.toJSON().Outputs as Record<string, { Value: unknown; Export?: { Name: string } }>;
  const output = Object.values(outputs).find((o) => o.Export?.Name === name);
  if (!output) throw new Error(`no export named ${name}`);
  return output.Value;
}

/** The logical id a `{ Ref }` or `{ Fn::GetAtt }` points at. */
export function referencedId(value: unknown): string {
  const v = value as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
  const id = v.Ref ?? v['Fn::GetAtt']?.[0];
  if (!id) throw new Error(`not a Ref or GetAtt: ${JSON.stringify(value)}`);
  return id;
}

/** The logical id of the producer resource behind an import (`Ref` or `GetAtt` output). */
export function importedResourceId(producer: Template, importValue: unknown): string {
  return referencedId(exportedValue(producer, importValue));
}

/** Statements of every IAM policy attached to a role (by the role's logical id). */
export function policyStatementsOfRole(template: Template, roleId: string): Record<string, unknown>[] {
  const policies = resourcesOf(template, 'AWS::IAM::Policy');
  return Object.values(policies)
    .filter((p) => (p.Properties.Roles as unknown[]).some((r) => referencedId(r) === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Record<string, unknown>[]);
}

/** Actions of a statement as an array. */
export function actionsOf(statement: Record<string, unknown>): string[] {
  const a = statement.Action as string | string[];
  return Array.isArray(a) ? a : [a];
}

/** Resources of a statement as an array. */
export function resourcesOfStatement(statement: Record<string, unknown>): unknown[] {
  const r = statement.Resource as unknown;
  return Array.isArray(r) ? r : [r];
}

/**
 * A template value as one string, intrinsic functions shown as placeholders: `Fn::Join` joined,
 * `{Ref: X}` → `<X>`, `Fn::GetAtt` → `<X.Attr>`, `Fn::ImportValue` → `<import:Name>`. For
 * assertions on ARNs and URLs built from several parts.
 */
export function flattenValue(value: unknown): string {
  if (typeof value === 'string') return value;
  const v = value as {
    Ref?: string;
    'Fn::GetAtt'?: [string, string];
    'Fn::Join'?: [string, unknown[]];
    'Fn::ImportValue'?: string;
  };
  if (v.Ref) return `<${v.Ref}>`;
  if (v['Fn::GetAtt']) return `<${v['Fn::GetAtt'].join('.')}>`;
  if (v['Fn::ImportValue']) return `<import:${v['Fn::ImportValue']}>`;
  if (v['Fn::Join']) return v['Fn::Join'][1].map(flattenValue).join(v['Fn::Join'][0]);
  return JSON.stringify(value);
}
