import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Deps } from '../deps';

/**
 * A sign-up ticket: the sign-up route's proof to the PreSignUp trigger that the account went through
 * the route's checks (the password rules above all, which PreSignUp cannot see). Without it anyone
 * could call Cognito's SignUp with the public app client id and skip them. The ticket is an HMAC of
 * the e-mail and an expiry with a key only the route and the trigger read; it travels in SignUp's
 * ClientMetadata (cognito-local drops ValidationData) and never reaches the browser.
 */
export const SIGN_UP_TICKET_SECONDS = 120;

/** Local-only key of the tickets; the cloud reads its generated secret (SIGN_UP_TICKET_SECRET_NAME). */
export const LOCAL_SIGN_UP_TICKET_KEY = 'kehila-local-sign-up-ticket-key';

const VERSION = 'v1';

/** Why a ticket was refused, or null when it is valid. */
export type TicketProblem = 'missing' | 'malformed' | 'expired' | 'wrong';

/** The key that signs tickets: the deployment's secret, the local key when running locally. */
export async function signUpTicketKey(deps: Pick<Deps, 'config' | 'secrets'>): Promise<string> {
  const key = (await deps.secrets.get('signUpTicketKey'))?.trim();
  if (key) return key;
  if (deps.config.stage === 'local') return LOCAL_SIGN_UP_TICKET_KEY;
  throw new Error('the sign-up ticket key is not configured (SIGN_UP_TICKET_SECRET_NAME)');
}

function mac(key: string, email: string, expires: number): Buffer {
  return createHmac('sha256', key).update(`kehila-sign-up\n${email.trim().toLowerCase()}\n${expires}`, 'utf8').digest();
}

/** A ticket for one e-mail address, valid for SIGN_UP_TICKET_SECONDS from `now`. */
export function signUpTicket(key: string, email: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + SIGN_UP_TICKET_SECONDS;
  return `${VERSION}.${expires}.${mac(key, email, expires).toString('base64url')}`;
}

/** Checks a ticket against the e-mail being signed up, in constant time. */
export function signUpTicketProblem(
  key: string,
  email: string,
  ticket: string | undefined,
  now: Date,
): TicketProblem | null {
  if (!ticket) return 'missing';
  const m = /^v1\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
  if (!m) return 'malformed';
  const expires = Number(m[1]);
  const given = Buffer.from(m[2] ?? '', 'base64url');
  const expected = mac(key, email, expires);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'wrong';
  if (expires < Math.floor(now.getTime() / 1000)) return 'expired';
  return null;
}
