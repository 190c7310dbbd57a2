import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig } from '@kehila/functions/core/config';
import { renderAuthEmail, type AuthEmailKind } from '@kehila/functions/core/accounts/emails';
import type { CognitoHook } from '../cognito-proxy';
import type { LocalContext, LocalPlugin } from '../plugin';

/** An e-mail Cognito would have sent, as the dev mailbox keeps it. */
export interface MailboxMessage {
  readonly id: string;
  /** ISO time it was captured. */
  readonly at: string;
  readonly to: string;
  readonly kind: AuthEmailKind;
  /** The Cognito call that sent it. */
  readonly trigger: 'SignUp' | 'ResendConfirmationCode' | 'ForgotPassword';
  readonly subject: string;
  readonly code: string;
  readonly link: string;
  readonly text: string;
  readonly html: string;
}

/** At most this many messages are kept (oldest dropped). */
const MAX_MESSAGES = 200;

interface StoredUser {
  Username: string;
  UserStatus?: string;
  ConfirmationCode?: string;
  Attributes?: { Name: string; Value: string }[];
}

/** cognito-local's data file of a user pool (stormdb JSON): `<dir>/.cognito/db/<userPoolId>.json`. */
export function cognitoPoolFile(dataDir: string, userPoolId: string): string {
  return join(dataDir, 'cognito', '.cognito', 'db', `${userPoolId}.json`);
}

/** A user of cognito-local's data file by user name (the sub) or e-mail, with its pending code. */
export function findStoredUser(file: string, who: { sub?: string; email?: string }): StoredUser | null {
  if (!existsSync(file)) return null;
  const data = JSON.parse(readFileSync(file, 'utf8')) as { Users?: Record<string, StoredUser> };
  const users = Object.values(data.Users ?? {});
  if (who.sub) {
    const bySub = users.find((u) => u.Username === who.sub);
    if (bySub) return bySub;
  }
  const email = who.email?.trim().toLowerCase();
  if (!email) return null;
  return (
    users.find((u) => u.Username.toLowerCase() === email) ??
    users.find((u) => u.Attributes?.some((a) => a.Name === 'email' && a.Value.toLowerCase() === email)) ??
    null
  );
}

function emailOf(user: StoredUser, fallback: string): string {
  return user.Attributes?.find((a) => a.Name === 'email')?.Value ?? fallback;
}

/** Cognito's masked destination ('a***@e***.com'). */
function mask(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***${dot > 0 ? domain.slice(dot) : ''}`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The mailbox of one running stack: a JSON file under the data directory. */
export class DevMailbox {
  private writing: Promise<void> = Promise.resolve();

  constructor(
    readonly file: string,
    private readonly log: (line: string) => void,
  ) {}

  /** Messages, newest first; `to` filters by recipient (case-insensitive). */
  list(to?: string): MailboxMessage[] {
    if (!existsSync(this.file)) return [];
    const all = JSON.parse(readFileSync(this.file, 'utf8')) as MailboxMessage[];
    const want = to?.trim().toLowerCase();
    return want ? all.filter((m) => m.to.toLowerCase() === want) : all;
  }

  /** Keeps a message and prints its code and link to the console. */
  add(message: Omit<MailboxMessage, 'id' | 'at'>): Promise<MailboxMessage> {
    const full: MailboxMessage = { id: randomUUID(), at: new Date().toISOString(), ...message };
    this.writing = this.writing.then(() =>
      writeFile(this.file, JSON.stringify([full, ...this.list()].slice(0, MAX_MESSAGES), null, 2)),
    );
    this.log(`[dev mailbox] "${full.subject}" to ${full.to}\n    code: ${full.code}\n    link: ${full.link}`);
    return this.writing.then(() => full);
  }
}

/** The e-mail cognito-local would have sent after a call, rendered with the cloud's template. */
async function capture(
  ctx: LocalContext,
  mailbox: DevMailbox,
  trigger: MailboxMessage['trigger'],
  who: { sub?: string; email: string },
): Promise<MailboxMessage | null> {
  const user = findStoredUser(cognitoPoolFile(ctx.dataDir, ctx.userPool.userPoolId), who);
  if (!user?.ConfirmationCode) {
    ctx.log(`[dev mailbox] no code found for ${who.email} after ${trigger}`);
    return null;
  }
  const kind: AuthEmailKind = trigger === 'ForgotPassword' ? 'reset' : 'verify';
  const to = emailOf(user, who.email);
  const origin = loadConfig().webOrigin ?? ctx.url();
  const email = renderAuthEmail(kind, { origin, email: to, code: user.ConfirmationCode });
  return mailbox.add({
    to,
    kind,
    trigger,
    subject: email.subject,
    code: user.ConfirmationCode,
    link: email.link,
    text: email.text,
    html: email.html,
  });
}

/**
 * ResendConfirmationCode, which cognito-local (5.x) does not implement: re-sends the user's pending
 * code (cognito-local keeps one code until the account is confirmed) to the dev mailbox, with
 * Cognito's answers for an unknown or already confirmed user.
 */
async function resendConfirmationCode(
  ctx: LocalContext,
  mailbox: DevMailbox,
  input: Record<string, unknown>,
): Promise<{ status: number; body: unknown }> {
  const email = typeof input.Username === 'string' ? input.Username.trim() : '';
  const user = findStoredUser(cognitoPoolFile(ctx.dataDir, ctx.userPool.userPoolId), { email, sub: email });
  if (!user) {
    return {
      status: 400,
      body: { __type: 'UserNotFoundException', message: 'Username/client id combination not found.' },
    };
  }
  if (user.UserStatus === 'CONFIRMED' || !user.ConfirmationCode) {
    return { status: 400, body: { __type: 'InvalidParameterException', message: 'User is already confirmed.' } };
  }
  const sent = await capture(ctx, mailbox, 'ResendConfirmationCode', { sub: user.Username, email });
  const to = sent?.to ?? emailOf(user, email);
  return {
    status: 200,
    body: { CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: mask(to) } },
  };
}

function mailboxPage(messages: readonly MailboxMessage[]): string {
  const rows = messages
    .map(
      (m) => `<article>
  <header><strong>${escapeHtml(m.subject)}</strong> → ${escapeHtml(m.to)} <time>${escapeHtml(new Date(m.at).toLocaleString())}</time></header>
  <p>Code: <code class="code">${escapeHtml(m.code)}</code></p>
  <p><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>
  <details><summary>E-mail</summary><pre>${escapeHtml(m.text)}</pre></details>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox · Kehila (local)</title>
<style>
body{font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px;color:#111827}
article{border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px;margin:12px 0}
time{color:#6b7280;font-size:13px;margin-left:8px}.code{font-size:20px;letter-spacing:2px}
a{color:#0369a1;word-break:break-all}pre{white-space:pre-wrap}
</style></head><body>
<h1>Dev mailbox</h1>
<p>E-mails the local stack would have sent (Cognito's verification and password-reset messages), newest first. Local only; this page refreshes every 3 seconds. JSON: <a href="/dev/mailbox.json">/dev/mailbox.json</a></p>
${rows || '<p><em>No e-mails yet. Sign up or ask for a password reset.</em></p>'}
</body></html>`;
}

/**
 * The dev mailbox (local only): cognito-local sends no e-mail, so after SignUp, ResendConfirmationCode
 * and ForgotPassword the code is read from cognito-local's data file, rendered with the CustomMessage
 * trigger's template, kept in `<dataDir>/dev-mailbox.json`, printed to the console, and shown at
 * /dev/mailbox (and /dev/mailbox.json, `?to=<email>` to filter).
 * cognito-local lacks ResendConfirmationCode, so this plugin also answers that Cognito target.
 */
export const devMailboxPlugin: LocalPlugin = {
  name: 'dev-mailbox',
  cognitoHooks(ctx) {
    return mailboxHooks(ctx, mailboxOf(ctx));
  },
  cognitoTargets(ctx) {
    const mailbox = mailboxOf(ctx);
    return { ResendConfirmationCode: (input) => resendConfirmationCode(ctx, mailbox, input) };
  },
  mounts(ctx) {
    const mailbox = mailboxOf(ctx);
    return {
      '/dev/mailbox': (req, res) => {
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
          .end(mailboxPage(mailbox.list()));
      },
      '/dev/mailbox.json': (req, res) => {
        const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to') ?? undefined;
        res
          .writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
          .end(JSON.stringify({ messages: mailbox.list(to) }));
      },
    };
  },
};

const mailboxes = new WeakMap<LocalContext, DevMailbox>();
function mailboxOf(ctx: LocalContext): DevMailbox {
  let m = mailboxes.get(ctx);
  if (!m) {
    m = new DevMailbox(join(ctx.dataDir, 'dev-mailbox.json'), ctx.log);
    mailboxes.set(ctx, m);
  }
  return m;
}

function mailboxHooks(ctx: LocalContext, mailbox: DevMailbox): Record<string, CognitoHook> {
  return {
    SignUp: async (request, response) => {
      await capture(ctx, mailbox, 'SignUp', {
        sub: typeof response.UserSub === 'string' ? response.UserSub : undefined,
        email: String(request.Username ?? ''),
      });
    },
    ForgotPassword: async (request) => {
      await capture(ctx, mailbox, 'ForgotPassword', { email: String(request.Username ?? '') });
    },
  };
}
