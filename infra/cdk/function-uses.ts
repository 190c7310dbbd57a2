import type { Area, RouteUses } from '@kehila/shared';
import { queues } from '@kehila/functions/core/queues';
import { areaUses } from '@kehila/functions/http/areas';

/**
 * What each function uses besides the table, derived from the declarations, never kept by hand:
 * an HTTP area's function uses the union of its routes' `uses` (shared/src/api), a queue worker
 * the `uses` of its queue (functions/src/core/queues.ts). Each use brings its environment and its
 * grants, and only the functions that declare it get them: least privilege by declaration. The
 * area's Lambda wires exactly the matching ports (a test holds the two together).
 */
export type FunctionUses = RouteUses;

/** The two Bedrock models of the AI port. */
export type AiModel = NonNullable<RouteUses['ai']>[number];

/** The deploy secrets and the variable that names each. */
export const SECRETS = {
  lemonSqueezy: {
    env: 'LEMON_SQUEEZY_SECRET_NAME',
    summary: 'Lemon Squeezy API key, store, variants and webhook secret',
  },
  whatsapp: { env: 'WHATSAPP_SECRET_NAME', summary: 'WhatsApp gateway credentials and webhook secrets' },
  senderHashKey: { env: 'SENDER_HASH_KEY_SECRET_NAME', summary: 'key of the per-community sender hash (generated)' },
  googleServiceAccount: {
    env: 'GOOGLE_SERVICE_ACCOUNT_SECRET_NAME',
    summary: 'JSON key of the Google service account that appends summaries to spreadsheets',
  },
  enrichmentApiKey: {
    env: 'ENRICHMENT_SECRET_NAME',
    summary: 'People Data Labs API key of the LinkedIn profile enrichment (its plain string)',
  },
  signUpTicketKey: {
    env: 'SIGN_UP_TICKET_SECRET_NAME',
    summary: 'key of the sign-up tickets the accounts API signs and PreSignUp checks (generated)',
  },
} as const satisfies Record<NonNullable<RouteUses['secrets']>[number], { env: string; summary: string }>;

export type SecretUse = keyof typeof SECRETS;

/** What the scheduled functions use besides the table (their queues are granted by their constructs). */
const SCHEDULE_USES: Readonly<Record<string, FunctionUses>> = {
  'schedules/aggregates': { secrets: ['senderHashKey'] },
};

/** The uses of a function, by owner: an HTTP area (`messages`), a queue worker (`workers/embed`) or a schedule. */
export function usesOf(owner: string): FunctionUses {
  const queue = Object.values(queues).find((q) => q.worker === owner);
  if (queue) return queue.uses;
  const schedule = SCHEDULE_USES[owner];
  if (schedule) return schedule;
  if (owner.includes('/')) return {};
  return areaUses(owner as Area);
}
