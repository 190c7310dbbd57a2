/**
 * Operator commands (`npm run admin -- <command>`), against the running local stack (the default:
 * it reads `<data dir>/stack.json`) or, with `--stage cloud`, the deployed table named by TABLE_NAME
 * (AWS_REGION and the usual AWS credentials). docs/accounts.md describes every command.
 *
 *   allowlist add <email> [--expires <ISO time>]
 *   allowlist remove <email>
 *   allowlist list
 *   trial set <email> --ends <ISO time>
 *   billing test-webhook <email> [--event subscription_created] [--updated-at <ISO time>]   (local only)
 *   recount <communityId> <YYYY-MM-DD> [<last YYYY-MM-DD>]
 */
import { parseArgs } from 'node:util';
import { fail, readRunningStack } from './running-stack';
import { loadConfig, type Config } from '@kehila/functions/core/config';
import { createDb, type Db } from '@kehila/functions/data/db';
import {
  allowlistAdd,
  allowlistList,
  allowlistRemove,
  OperatorError,
  parseInstant,
  setTrialEnd,
} from '@kehila/functions/core/access/operator';
import { getProfileByEmail } from '@kehila/functions/data/profiles';
import { recountDay } from '@kehila/functions/core/messages/recount';
import { sealCommunity } from '@kehila/functions/core/analytics/seal';
import { secretsManager } from '@kehila/functions/wiring/cloud/secrets';
import { createDeps } from '@kehila/functions/wiring/deps';
import { signBody } from '@kehila/functions/core/billing/signature';
import { LOCAL_BILLING_WEBHOOK_SECRET, LemonSqueezySettingsSchema } from '@kehila/functions/core/billing/settings';
import { SUBSCRIPTION_EVENTS, type SubscriptionEvent } from '@kehila/functions/core/billing/webhook';

const USAGE = `Usage: npm run admin -- <command> [options]

  allowlist add <email> [--expires <ISO time>]   grant access without a subscription (S1 §4)
  allowlist remove <email>                       remove an e-mail's allow-list entry
  allowlist list                                 list every entry
  trial set <email> --ends <ISO time>            move the end of a user's free trial (a past time expires it)
  billing test-webhook <email> [--event <name>] [--updated-at <ISO time>]
                                                 sign and post a Lemon Squeezy webhook to the local stack
                                                 events: ${SUBSCRIPTION_EVENTS.join(', ')}
  recount <communityId> <YYYY-MM-DD> [<last YYYY-MM-DD>]
                                                 rebuild a community's daily and hourly message counts
                                                 (UTC days, inclusive) from its stored messages

Options:
  --stage local|cloud   local (default): the running \`npm start\` (reads <data dir>/stack.json);
                        cloud: the table named by TABLE_NAME in AWS_REGION with your AWS credentials
  --data-dir <dir>      the local stack's data directory (default: $KEHILA_DATA_DIR or .data)
  --base <url>          the local stack's URL (default: http://localhost:$PORT when PORT is set, else
                        the URL the stack recorded in <data dir>/stack.json)
`;

interface Target {
  readonly config: Config;
  readonly db: Db;
  /** The local gateway's URL (local stage only). */
  readonly url?: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The running local stack (its environment, as the handlers see it) or the cloud table. */
function target(stage: string, local: { base: string | undefined; dataDir: string | undefined }): Target {
  if (stage === 'cloud') {
    if (!process.env.TABLE_NAME) fail('--stage cloud needs TABLE_NAME (and AWS_REGION) set to the deployed table.');
    const config = loadConfig({ ...process.env, STAGE: 'cloud' });
    return { config, db: createDb(config), env: process.env };
  }
  if (stage !== 'local') fail(`--stage must be local or cloud, not "${stage}"`, 2);
  const stack = readRunningStack(local);
  // The AWS SDK reads the local engines' dummy credentials from the environment, as the handlers do.
  Object.assign(process.env, stack.env);
  const config = loadConfig(stack.env);
  return { config, db: createDb(config), url: stack.url, env: stack.env };
}

function email(positionals: string[], command: string): string {
  const e = positionals[0];
  if (!e) fail(`${command} needs an e-mail address.\n\n${USAGE}`, 2);
  return e;
}

/** The Lemon Squeezy body of a test event for a user: a subscription, or an invoice for payment events. */
function testWebhookBody(event: SubscriptionEvent, user: { id: string; email: string }, updatedAt: string): string {
  const day = 86_400_000;
  const now = Date.parse(updatedAt);
  const subscriptionId = `local-${user.id.slice(0, 8)}`;
  const customerId = 100000 + (parseInt(user.id.replace(/\D/g, '').slice(0, 5) || '0', 10) % 900000);
  const meta = { event_name: event, test_mode: true, custom_data: { user_id: user.id } };
  if (event === 'subscription_payment_success' || event === 'subscription_payment_failed') {
    return JSON.stringify({
      meta,
      data: {
        type: 'subscription-invoices',
        id: `${subscriptionId}-invoice-${now}`,
        attributes: {
          subscription_id: subscriptionId,
          customer_id: customerId,
          user_email: user.email,
          billing_reason: 'renewal',
          status: event === 'subscription_payment_success' ? 'paid' : 'pending',
          total: 1900,
          currency: 'USD',
          test_mode: true,
          created_at: updatedAt,
          updated_at: updatedAt,
        },
      },
    });
  }
  const status: Record<string, string> = {
    subscription_created: 'active',
    subscription_updated: 'active',
    subscription_resumed: 'active',
    subscription_unpaused: 'active',
    subscription_cancelled: 'cancelled',
    subscription_expired: 'expired',
    subscription_paused: 'paused',
  };
  const s = status[event] ?? 'active';
  return JSON.stringify({
    meta,
    data: {
      type: 'subscriptions',
      id: subscriptionId,
      attributes: {
        store_id: 0,
        customer_id: customerId,
        order_id: 0,
        product_name: 'Kehila Pro',
        variant_name: 'Pro',
        user_email: user.email,
        status: s,
        cancelled: s === 'cancelled',
        renews_at: s === 'active' ? new Date(now + 30 * day).toISOString() : null,
        ends_at: s === 'cancelled' ? new Date(now + 30 * day).toISOString() : s === 'expired' ? updatedAt : null,
        trial_ends_at: null,
        test_mode: true,
        created_at: updatedAt,
        updated_at: updatedAt,
      },
    },
  });
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      stage: { type: 'string', default: 'local' },
      'data-dir': { type: 'string' },
      base: { type: 'string' },
      expires: { type: 'string' },
      ends: { type: 'string' },
      event: { type: 'string', default: 'subscription_created' },
      'updated-at': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [group, action, ...rest] = positionals;
  if (values.help || !group) {
    console.log(USAGE);
    return;
  }
  const command = group === 'recount' ? group : `${group} ${action ?? ''}`.trim();
  const known = ['allowlist add', 'allowlist remove', 'allowlist list', 'trial set', 'billing test-webhook', 'recount'];
  if (!known.includes(command)) fail(`Unknown command "${command}".\n\n${USAGE}`, 2);
  const t = target(values.stage ?? 'local', { base: values.base, dataDir: values['data-dir'] });

  switch (command) {
    case 'allowlist add': {
      const expires = values.expires ? parseInstant(values.expires, '--expires') : null;
      const entry = await allowlistAdd(t.db, email(rest, command), expires);
      console.log(`Allow-listed ${entry.email}${entry.expires_at ? ` until ${entry.expires_at}` : ' (no expiry)'}.`);
      return;
    }
    case 'allowlist remove': {
      const e = email(rest, command);
      console.log(
        (await allowlistRemove(t.db, e)) ? `Removed ${e} from the allow-list.` : `${e} was not on the allow-list.`,
      );
      return;
    }
    case 'allowlist list': {
      const entries = await allowlistList(t.db);
      if (entries.length === 0) console.log('The allow-list is empty.');
      for (const e of entries) {
        const expired = e.expires_at && Date.parse(e.expires_at) <= Date.now();
        const state = !e.is_active ? 'inactive' : expired ? 'expired' : 'active';
        console.log(`${e.email}\t${state}\t${e.expires_at ? `expires ${e.expires_at}` : 'no expiry'}`);
      }
      return;
    }
    case 'trial set': {
      if (!values.ends) fail('trial set needs --ends <ISO time> (a past time expires the trial).', 2);
      const profile = await setTrialEnd(t.db, email(rest, command), parseInstant(values.ends, '--ends'));
      const past = Date.parse(profile.trial_ends_at ?? '') <= Date.now();
      console.log(
        `The trial of ${profile.email ?? profile.id} now ends ${profile.trial_ends_at}${past ? ' (expired: without a subscription or allow-list entry the paywall shows)' : ''}.`,
      );
      return;
    }
    case 'billing test-webhook': {
      if (!t.url)
        fail('billing test-webhook posts to the local stack only; Lemon Squeezy sends the real ones in the cloud.', 2);
      const event = values.event as SubscriptionEvent;
      if (!(SUBSCRIPTION_EVENTS as readonly string[]).includes(event)) {
        fail(`--event must be one of: ${SUBSCRIPTION_EVENTS.join(', ')}`, 2);
      }
      const e = email(rest, command);
      const profile = await getProfileByEmail(t.db, e);
      if (!profile) fail(`No profile with the e-mail ${e} (has the account been confirmed?).`);
      const settings = t.env.LEMON_SQUEEZY_CONFIG
        ? LemonSqueezySettingsSchema.parse(JSON.parse(t.env.LEMON_SQUEEZY_CONFIG))
        : {};
      const secret = settings.webhookSecret ?? LOCAL_BILLING_WEBHOOK_SECRET;
      const updatedAt = values['updated-at']
        ? parseInstant(values['updated-at'], '--updated-at')
        : new Date().toISOString();
      const body = testWebhookBody(event, { id: profile.id, email: profile.email ?? e }, updatedAt);
      const res = await fetch(`${t.url}/webhooks/billing`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-event-name': event, 'x-signature': signBody(body, secret) },
        body,
      });
      const answer = await res.text();
      console.log(`POST ${t.url}/webhooks/billing (${event} for ${e}) → ${res.status} ${answer}`);
      if (!res.ok) process.exitCode = 1;
      return;
    }
    case 'recount': {
      const [communityId, first, last = first] = [action, ...rest];
      const isDay = (d: string | undefined): d is string =>
        !!d && /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`));
      if (!communityId || !isDay(first) || !isDay(last) || last < first) {
        fail(`recount needs a community id and one or two days (YYYY-MM-DD, first ≤ last).\n\n${USAGE}`, 2);
      }
      for (let day = first; day <= last; day = nextDay(day)) {
        const report = await recountDay(
          createDeps(t.config, { secrets: secretsManager }, { db: t.db }),
          communityId,
          day,
        );
        const { messages, countedBefore, drift } = report;
        const repaired =
          drift.length === 0
            ? 'no drift'
            : `drift repaired in ${drift.length} attribute${drift.length === 1 ? '' : 's'} (counted ${countedBefore} before): ${drift.slice(0, 8).join(', ')}${drift.length > 8 ? ', …' : ''}`;
        console.log(`${communityId} ${day}: recounted ${messages} message${messages === 1 ? '' : 's'}; ${repaired}.`);
      }
      // The repaired days' blocks were invalidated: seal them again at once rather than at night.
      const sealed = await sealCommunity({ db: t.db, now: () => new Date() }, communityId);
      console.log(`${communityId}: sealed through ${sealed.through ?? '—'} (${sealed.built} blocks written).`);
      return;
    }
  }
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

main().catch((err: unknown) => {
  if (err instanceof OperatorError) fail(err.message);
  fail(`admin: ${(err as Error).stack ?? String(err)}`);
});
