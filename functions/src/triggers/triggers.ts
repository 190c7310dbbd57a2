import type { RouteUses } from '@kehila/shared';

/**
 * The Cognito user-pool triggers, declared once. The CDK auth stack builds one Lambda per entry from
 * `module` and attaches it with `cognito.UserPoolOperation.of(operation)`; the local stack runs the
 * same modules in-process behind a Lambda Invoke endpoint that cognito-local calls
 * (infra/local/plugins/cognito-triggers.ts).
 */
export interface TriggerDef {
  /**
   * Cognito's name of the trigger: the LambdaConfig key, cognito-local's TriggerFunctions key, and
   * the prefix of a rejection the client sees ('PreSignUp failed with error <message>.').
   */
  readonly trigger: 'PreSignUp' | 'PostConfirmation' | 'CustomMessage';
  /** CDK's operation name for `UserPoolOperation.of(...)`. */
  readonly operation: 'preSignUp' | 'postConfirmation' | 'customMessage';
  /** Module under functions/src exporting `handler`. */
  readonly module: string;
  /** Reads and writes the table (needs TABLE_NAME and item grants on the table and its indexes). */
  readonly usesTable: boolean;
  /** Environment the trigger needs beyond the common one (STAGE, TABLE_NAME, POWERTOOLS_*). */
  readonly env: readonly string[];
  /** Deploy secrets it reads (the CDK grants read access and names each in its environment). */
  readonly secrets: NonNullable<RouteUses['secrets']>;
  /** Lambda timeout. Cognito waits at most 5 s for a trigger, so keep it under that. */
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
  readonly summary: string;
}

export const triggers = {
  preSignUp: {
    trigger: 'PreSignUp',
    operation: 'preSignUp',
    module: 'triggers/pre-sign-up',
    usesTable: true,
    env: [],
    secrets: ['signUpTicketKey'],
    timeoutSeconds: 5,
    memoryMb: 512,
    summary:
      "Refuses sign-ups without the sign-up route's ticket, checks the S1 §5 account rules that reach the server (phone by country, consents) and records the consent; rejects with the spec message.",
  },
  postConfirmation: {
    trigger: 'PostConfirmation',
    operation: 'postConfirmation',
    module: 'triggers/post-confirmation',
    usesTable: true,
    env: [],
    secrets: [],
    timeoutSeconds: 5,
    memoryMb: 512,
    summary: 'Creates the profile (S1 §3) once, with the 14-day trial, and moves the sign-up consent onto the user.',
  },
  customMessage: {
    trigger: 'CustomMessage',
    operation: 'customMessage',
    module: 'triggers/custom-message',
    usesTable: false,
    env: ['WEB_ORIGIN'],
    secrets: [],
    timeoutSeconds: 5,
    memoryMb: 256,
    summary: 'Verification and password-reset e-mails whose links open the web app (WEB_ORIGIN).',
  },
} as const satisfies Record<string, TriggerDef>;

export type TriggerName = keyof typeof triggers;
