/**
 * Posts realistic, signed WhatsApp gateway webhooks to the local stack, as a group's traffic would
 * arrive: English and Hebrew, several senders (`…@c.us` and `…@lid`), replies, media and duplicate
 * deliveries. For demos and for watching the Messages screen fill up live.
 *
 *   npm run simulate -- [--count N] [--rate N] [--text "…"] [--provider waha|green|evolution|meta]
 *                       [--community <id>] [--base <url>]
 *
 * Bodies are built by the same code the adapters are tested against (adapters/whatsapp/payloads.ts)
 * and signed with the stack's webhook secrets (the documented local defaults unless
 * WHATSAPP_WEBHOOK_SECRETS is set). docs/ingest.md has the details.
 */
import { parseArgs } from 'node:util';
import { WhatsAppProviderSchema, type WhatsAppProvider } from '@kehila/shared';
import {
  buildWebhook,
  SIMULATED_GROUP_PEOPLE,
  simulatedMessageId,
  type SimulatedMessage,
} from '@kehila/functions/adapters/whatsapp/payloads';
import {
  LOCAL_WHATSAPP_SECRETS,
  WhatsAppSecretsSchema,
  type WhatsAppSecrets,
} from '@kehila/functions/adapters/whatsapp/secrets';
import { getCommunity } from '@kehila/functions/data/communities';
import { createDb } from '@kehila/functions/data/db';
import { DEMO_COMMUNITY } from '../seed';
import { fail, findStack } from './running-stack';

const USAGE = `Usage: npm run simulate -- [options]

Options:
  --count <n>        messages to send (default: 20, or 1 with --text)
  --rate <n>         messages per second (default: 5)
  --text "<text>"    send this exact text (every message, when --count is given too)
  --provider <name>  waha | green | evolution | meta (default: waha)
  --community <id>   community whose group receives the messages (default: ${DEMO_COMMUNITY.id})
  --base <url>       the local stack's URL (default: http://localhost:$PORT when PORT is set, else the
                     URL the stack recorded in <data dir>/stack.json)
  --data-dir <dir>   the local stack's data directory (default: $KEHILA_DATA_DIR or .data)
`;

/** People of the simulated group: phone-number ids and privacy (@lid) ids, Hebrew and English names. */
const SENDERS = SIMULATED_GROUP_PEOPLE;

const TEXTS = [
  'Does anyone know a good accountant for an early-stage startup? We need someone before the end of the quarter.',
  "We're hiring a senior backend engineer (Node, AWS). Referrals welcome, there's a bonus for hires!",
  'Urgent: our cloud credits expire on Friday. Anyone with a contact at AWS Activate?',
  'Reminder: pitch practice moved to Thursday 18:00 at the Azrieli lobby.',
  'Thanks everyone for yesterday, the feedback on our deck was gold 🙏',
  'Looking for a designer who has done fintech onboarding flows. Freelance is fine.',
  'Has anyone used Lemon Squeezy for B2B invoicing in Israel? How is the VAT handled?',
  'Our office has two free desks in Rothschild from next month if anyone needs a place.',
  'Who is going to the AI meetup next Tuesday? Happy to share a ride from Herzliya.',
  'Can someone recommend a lawyer for an employee option plan (section 102)?',
  'Just closed our seed round! Huge thanks to the people here who made intros ❤️',
  'Is anyone else seeing Stripe payouts delayed this week?',
  'What CRM are you using at under 10 people? HubSpot feels heavy.',
  'Please stop posting crypto promotions here, this group is for founders.',
  'Sharing our hiring scorecard template, feel free to copy it.',
] as const;

const HEBREW = [
  'מישהו מכיר רואה חשבון טוב לסטארטאפ בתחילת הדרך? צריך עד סוף הרבעון',
  'תזכורת: מפגש הפיצ׳ים עבר ליום חמישי ב-18:00 בלובי של עזריאלי',
  'דחוף: מחפשים מפתח פולסטאק לפרויקט של חודשיים, מי פנוי?',
  'תודה לכולם על אתמול, היה מפגש מעולה',
  'יש למישהו המלצה על עורך דין לאופציות לעובדים (סעיף 102)?',
  'מחפשים משרד קטן באזור רוטשילד, מישהו מכיר משהו פנוי?',
  'מי מגיע למיטאפ של AI ביום שלישי? אפשר לתאם הסעה מהרצליה',
  'סגרנו סבב סיד! תודה ענקית לכל מי שעשה היכרויות ❤️',
] as const;

const REPLIES = [
  'Sent you a DM with a great contact',
  'Same question here, following',
  '+1, would love an intro too',
  'שלחתי לך בפרטי',
  'אני ממליצה בחום, עבדנו איתם שנה',
] as const;

const CAPTIONS = ['Slides from last night', 'Our booth at the fair', 'מצגת מהמפגש', ''] as const;

const pick = <T>(xs: readonly T[], i: number): T => xs[i % xs.length] as T;

/** The WhatsApp group of the community: read from the stack's table, or the demo's known group. */
async function groupOf(communityId: string, env: Record<string, string> | null, missing: string): Promise<string> {
  if (env?.TABLE_NAME && env.DYNAMODB_ENDPOINT) {
    Object.assign(process.env, {
      AWS_ACCESS_KEY_ID: env.AWS_ACCESS_KEY_ID ?? 'local',
      AWS_SECRET_ACCESS_KEY: env.AWS_SECRET_ACCESS_KEY ?? 'local',
    });
    const db = createDb({
      region: env.AWS_REGION ?? 'us-east-1',
      tableName: env.TABLE_NAME,
      endpoints: { dynamodb: env.DYNAMODB_ENDPOINT },
    });
    try {
      const community = await getCommunity(db, communityId);
      if (!community) fail(`There is no community "${communityId}" in the local stack.`);
      if (!community.group_id) fail(`The community "${communityId}" has no WhatsApp group connected yet.`);
      return community.group_id;
    } catch (err) {
      if (communityId !== DEMO_COMMUNITY.id)
        fail(`Could not read community "${communityId}": ${(err as Error).message}`);
    }
  }
  if (communityId === DEMO_COMMUNITY.id) return DEMO_COMMUNITY.groupId;
  fail(`Cannot find the group of "${communityId}": ${missing}`);
}

function secretsFrom(env: Record<string, string> | null): WhatsAppSecrets {
  const json = process.env.WHATSAPP_WEBHOOK_SECRETS ?? env?.WHATSAPP_WEBHOOK_SECRETS;
  return json ? WhatsAppSecretsSchema.parse(JSON.parse(json)) : LOCAL_WHATSAPP_SECRETS;
}

const { values } = parseArgs({
  options: {
    count: { type: 'string' },
    rate: { type: 'string', default: '5' },
    text: { type: 'string' },
    provider: { type: 'string', default: 'waha' },
    community: { type: 'string', default: DEMO_COMMUNITY.id },
    base: { type: 'string' },
    'data-dir': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const provider = WhatsAppProviderSchema.safeParse(values.provider);
if (!provider.success) fail(`--provider must be one of waha, green, evolution, meta.\n\n${USAGE}`, 2);
const count = Number(values.count ?? (values.text !== undefined ? 1 : 20));
const rate = Number(values.rate);
if (!Number.isInteger(count) || count < 1) fail(`--count must be a whole number of at least 1.\n\n${USAGE}`, 2);
if (!(rate > 0)) fail(`--rate must be a number above 0.\n\n${USAGE}`, 2);
// The stack's recorded environment gives the group and the webhook secrets; without it (another data
// directory, or --base elsewhere) the demo community's group and the local default secrets are used.
const target = findStack({ base: values.base, dataDir: values['data-dir'] });
const base = target.url;
const env = target.stack?.env ?? null;
const groupId = await groupOf(values.community, env, target.missing);
const secrets = secretsFrom(env);
const p: WhatsAppProvider = provider.data;

interface Planned {
  readonly n: number;
  readonly message: SimulatedMessage;
  readonly duplicateOf: number | null;
}

/** The traffic: mostly new messages, some replies and media, about one in ten a duplicate delivery. */
function plan(): Planned[] {
  const out: Planned[] = [];
  const start = Date.now();
  for (let n = 1; out.length < count; n += 1) {
    const i = n - 1;
    const previous = out.filter((x) => x.duplicateOf === null);
    if (values.text === undefined && previous.length > 1 && i % 10 === 7) {
      const original = pick(previous, i * 7);
      out.push({ n, message: original.message, duplicateOf: original.n });
      continue;
    }
    const sender = pick(SENDERS, i * 5 + 1);
    const isReply = values.text === undefined && previous.length > 0 && i % 4 === 3;
    const isMedia = values.text === undefined && i % 6 === 5;
    const hebrew = sender.id.endsWith('@lid') || i % 3 === 2;
    const text =
      values.text ??
      (isReply ? pick(REPLIES, i) : isMedia ? pick(CAPTIONS, i) : hebrew ? pick(HEBREW, i) : pick(TEXTS, i));
    out.push({
      n,
      duplicateOf: null,
      message: {
        groupId,
        messageId: simulatedMessageId(p),
        senderId: sender.id,
        senderName: sender.name,
        timestamp: new Date(start + i * 1000),
        text,
        replyTo: isReply ? pick(previous, i).message.messageId : null,
        media: isMedia ? pick(['image', 'document', 'audio', 'video'] as const, i) : null,
      },
    });
  }
  return out;
}

const traffic = plan();
const url = `${base}/webhooks/whatsapp/${p}`;
console.log(`Sending ${count} ${p} webhook${count === 1 ? '' : 's'} at ${rate}/s to ${url} (group ${groupId})\n`);

const latencies: number[] = [];
const statuses = new Map<number, number>();
let accepted = 0;
let failures = 0;

async function send(t: Planned): Promise<void> {
  const { body, headers } = buildWebhook(p, t.message, secrets);
  const started = performance.now();
  let line: string;
  try {
    const res = await fetch(url, { method: 'POST', headers, body });
    const ms = performance.now() - started;
    latencies.push(ms);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    const answer = await res.text();
    if (res.ok) accepted += (JSON.parse(answer) as { accepted: number }).accepted;
    else failures += 1;
    line = `← ${res.status} ${answer} ${ms.toFixed(1)} ms`;
  } catch (err) {
    failures += 1;
    line = `← failed: ${(err as Error).message}`;
  }
  const m = t.message;
  const what = [
    t.duplicateOf ? `duplicate of #${t.duplicateOf}` : null,
    m.replyTo ? 'reply' : null,
    m.media ? m.media : null,
  ].filter(Boolean);
  const text = m.text.length > 60 ? `${m.text.slice(0, 57)}…` : m.text;
  console.log(
    `#${t.n} ${m.senderName} <${m.senderId}>${what.length ? ` (${what.join(', ')})` : ''}: ${text || '—'}\n    ${line}`,
  );
}

const inFlight: Promise<void>[] = [];
const started = Date.now();
for (const [i, t] of traffic.entries()) {
  const due = started + (i * 1000) / rate;
  const wait = due - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  inFlight.push(send(t));
}
await Promise.all(inFlight);

const sorted = [...latencies].sort((a, b) => a - b);
const pct = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
const dups = traffic.filter((t) => t.duplicateOf !== null).length;
console.log(
  `\nSent ${traffic.length} webhooks (${dups} duplicate deliveries): ${[...statuses]
    .map(([s, n]) => `${n}× ${s}`)
    .join(', ')}; ${accepted} messages accepted; ack p50 ${pct(0.5).toFixed(1)} ms, p99 ${pct(0.99).toFixed(1)} ms.`,
);
if (dups > 0) console.log('Duplicates are accepted by the webhook and stored once by the worker.');
process.exit(failures > 0 ? 1 : 0);
