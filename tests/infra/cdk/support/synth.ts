import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildKehila, type KehilaStacks } from '../../../../infra/cdk/build';
import { parseDeployConfig, type DeployConfig, type RawParameters } from '../../../../infra/cdk/config';
import { applyNagChecks } from '../../../../infra/cdk/nag';
import type { SourceLayout } from '../../../../infra/cdk/source-layout';

const repoRoot = resolve(import.meta.dirname, '..', '..', '..', '..');

/** The feature flags of cdk.json, so tests build with the same flags as `cdk synth`. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  return cdkJson.context;
}

export interface TestAppOptions {
  /** Run CDK's built-in CloudFormation template validation too (slow; the nag test turns it on). */
  readonly cloudFormationValidation?: boolean;
}

/** An App like the CLI's, but with asset bundling skipped (`aws:cdk:bundling-stacks: []`). */
export function testApp(options: TestAppOptions = {}): App {
  return new App({
    outdir: mkdtempSync(join(tmpdir(), 'kehila-cdk-')),
    context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: options.cloudFormationValidation ?? false,
  });
}

export interface SynthesizedKehila {
  readonly app: App;
  readonly config: DeployConfig;
  readonly stacks: KehilaStacks;
  readonly templates: { readonly [K in keyof KehilaStacks]: Template };
}

/** Builds every stack of one stage, registers cdk-nag as app.ts does, and synthesizes once. */
export function synthKehila(params: RawParameters, layout: SourceLayout, options: TestAppOptions = {}): SynthesizedKehila {
  const app = testApp(options);
  const config = parseDeployConfig(params);
  const stacks = buildKehila(app, config, layout);
  applyNagChecks(app);
  app.synth();
  return {
    app,
    config,
    stacks,
    templates: {
      edge: Template.fromStack(stacks.edge),
      data: Template.fromStack(stacks.data),
      auth: Template.fromStack(stacks.auth),
      search: Template.fromStack(stacks.search),
      api: Template.fromStack(stacks.api),
      web: Template.fromStack(stacks.web),
    },
  };
}
