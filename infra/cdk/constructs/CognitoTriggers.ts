import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Duration } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { triggers as declaredTriggers, type TriggerDef } from '@kehila/functions/triggers/triggers';
import { SECRETS } from '../function-uses';
import { pascalCase } from '../names';
import type { SourceLayout } from '../source-layout';
import { grantTableSingleItems } from './grants';
import { ServiceFunction } from './ServiceFunction';

export interface CognitoTriggersProps {
  readonly userPool: cognito.UserPool;
  readonly table: dynamodb.ITable;
  /** The deploy secrets triggers may read; each trigger gets read access to those it declares, by ARN. */
  readonly secrets: { readonly signUpTicketKey: secretsmanager.ISecret };
  readonly layout: SourceLayout;
  readonly isProd: boolean;
  /**
   * The site's origin for the links in verification and reset e-mails (WEB_ORIGIN). Unknown before
   * the web stack exists unless configured; without it CustomMessage keeps Cognito's default
   * message (the code, no link).
   */
  readonly webOrigin?: string;
}

/** Warning id of a skipped trigger (its module is missing). */
export const MISSING_TRIGGER_WARNING = '@kehila/infra:missing-trigger-entry';

/**
 * The user-pool triggers of `functions/src/triggers/triggers.ts`, one function each, attached to
 * the pool. Those that use the table may only get, put, update and delete its items; those that
 * declare a secret may read it. None reads the pool's id or calls Cognito: a trigger depending on
 * the pool it is attached to would be a dependency cycle.
 */
export class CognitoTriggers extends Construct {
  /** Deployed trigger functions by declaration name (`preSignUp`). */
  readonly functions: ReadonlyMap<string, ServiceFunction>;

  constructor(scope: Construct, id: string, props: CognitoTriggersProps) {
    super(scope, id);
    const declarations: Readonly<Record<string, TriggerDef>> = declaredTriggers;
    const optional: Record<string, string | undefined> = { WEB_ORIGIN: props.webOrigin };
    const functions = new Map<string, ServiceFunction>();

    for (const [name, def] of Object.entries(declarations)) {
      const entry = join(props.layout.functionsRoot, 'src', `${def.module}.ts`);
      if (!existsSync(entry)) {
        Annotations.of(this).addWarningV2(
          MISSING_TRIGGER_WARNING,
          `Cognito trigger ${def.trigger} is not deployed: ${entry} does not exist yet.`,
        );
        continue;
      }
      const extra: Record<string, string> = {};
      for (const key of def.env) {
        if (!Object.hasOwn(optional, key)) {
          throw new Error(`Cognito trigger ${def.trigger} needs ${key}, which the CDK app does not provide yet`);
        }
        const value = optional[key];
        if (value) extra[key] = value;
      }
      const fn = new ServiceFunction(this, pascalCase(name), {
        entry,
        layout: props.layout,
        isProd: props.isProd,
        serviceName: `kehila-${def.module.split('/').pop() ?? name}`,
        description: `Cognito ${def.trigger}: ${def.summary}`.slice(0, 256),
        // TABLE_NAME even without table access: the configuration loader requires it.
        environment: { STAGE: 'cloud', TABLE_NAME: props.table.tableName, ...extra },
        timeout: Duration.seconds(def.timeoutSeconds),
        memoryMb: def.memoryMb,
      });
      if (def.usesTable) grantTableSingleItems(props.table, fn.role);
      for (const name of def.secrets) {
        const secret = props.secrets[name as keyof CognitoTriggersProps['secrets']];
        if (!secret)
          throw new Error(`Cognito trigger ${def.trigger} reads secret ${name}, which the auth stack does not have`);
        secret.grantRead(fn.role);
        fn.fn.addEnvironment(SECRETS[name].env, secret.secretArn);
      }
      props.userPool.addTrigger(cognito.UserPoolOperation.of(def.operation), fn.fn);
      functions.set(name, fn);
    }
    this.functions = functions;
  }
}
