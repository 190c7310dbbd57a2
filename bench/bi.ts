/**
 * Business analysis benchmark (issue 14): the time of one Run Analysis (core/bi/analysis.ts, as the
 * `bi` worker runs it) over a community of 10,000 messages in its 30-day period and 1,000 members, on
 * dynalite with the local AI provider: reading the messages and members, opportunity detection in
 * batches of 100 with a progress write after each, storing the opportunities, partnership matching.
 * About one message in twenty asks for a service (a budget or deadline in some).
 *
 *   npm run bench:bi -- [--messages 10000] [--members 1000]
 */
import { parseArgs } from 'node:util';
import { DynamoModelStore } from '@kehila/functions/adapters/ai/local/model-store';
import { LocalAiPort } from '@kehila/functions/adapters/ai/local/provider';
import { runAnalysis, startAnalysis } from '@kehila/functions/core/bi/analysis';
import { listOpportunityItems } from '@kehila/functions/data/bi';
import { blankMember } from '@kehila/functions/core/communities/records';
import { batchWrite, createDb } from '@kehila/functions/data/db';
import { keys } from '@kehila/functions/data/keys';
import { messageItem } from '@kehila/functions/data/messages';
import { ensureTable, startDynamo } from '../infra/local/engines/dynamodb';
import { groupMessage } from '../tests/fixtures/bi';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const { values } = parseArgs({
  options: { messages: { type: 'string', default: '10000' }, members: { type: 'string', default: '1000' } },
});
const messageCount = Number(values.messages);
const memberCount = Number(values.members);

const ROLES = [
  'CPA',
  'Full stack developer',
  'מעצבת גרפית',
  'Lawyer',
  'Marketing manager',
  'Photographer',
  'יועץ משכנתאות',
  'Founder',
  'Product manager',
  'Real estate agent',
];
const ASKS = [
  'Looking for an accountant for my startup, budget of ₪8,000, need it by Friday',
  'מחפשת מפתח לבניית אפליקציה, תקציב של 40 אלף ש"ח, תוך שבועיים',
  'Does anyone know a good photographer?',
  'מישהו מכיר עורך דין לחוזה שכירות?',
  "We're hiring a designer, paying $5k",
];
const CHAT = [
  'בוקר טוב לכולם! מה נשמע?',
  'Thanks everyone for the great meetup yesterday',
  'Highly recommend Rina, the best accountant — 050-1234567',
  "I'm a developer, available for new projects",
  'מי מגיע לאירוע ביום חמישי?',
  'Does anyone know what time the meetup starts?',
];

const dynamo = await startDynamo();
try {
  await ensureTable(dynamo.endpoint, 'bench');
  const db = createDb({ region: 'us-east-1', tableName: 'bench', endpoints: { dynamodb: dynamo.endpoint } });
  const communityId = 'bench-bi';
  const now = Date.now();
  const members = Array.from({ length: memberCount }, (_, i) => {
    const m = blankMember({
      userId: `m-${i}`,
      communityId,
      role: 'Member',
      now: new Date(now),
      first_name: `Member${i}`,
      company: `Company ${i % 300}`,
      job_role: ROLES[i % ROLES.length] ?? null,
      phone: `05${String(20_000_000 + i)}`,
    });
    return { PutRequest: { Item: { ...keys.member(communityId, m.id), entity: 'member', ...m } } };
  });
  const messages = Array.from({ length: messageCount }, (_, i) => {
    const text = i % 20 === 0 ? (ASKS[(i / 20) % ASKS.length] ?? '') : (CHAT[i % CHAT.length] ?? '');
    const at = new Date(now - 29 * 86_400_000 + Math.floor((i * 29 * 86_400_000) / messageCount));
    const message = groupMessage({
      id: `msg-${i}`,
      groupId: 'bench@g.us',
      text,
      sender: `Sender ${i % 400}`,
      senderId: `9725${String(30_000_000 + (i % 400))}@c.us`,
      at,
    });
    return {
      PutRequest: {
        Item: messageItem({
          communityId,
          message,
          senderKey: `k${i % 400}`,
          provider: 'waha',
          providerMessageId: message.msg_id,
          receivedAt: message.timestamp,
        }),
      },
    };
  });
  const seedStart = performance.now();
  await batchWrite(db, [...members, ...messages]);
  console.log(
    `seeded ${messageCount} messages and ${memberCount} members in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  const ai = new LocalAiPort({ store: new DynamoModelStore(db) });
  const deps = {
    db,
    ai,
    now: () => new Date(),
    queues: { send: async () => undefined, sendBatch: async () => undefined },
  };
  const run = await startAnalysis(deps, communityId);
  const t0 = performance.now();
  await runAnalysis(deps, { communityId, runId: run.id }, { token: 'bench', receiveCount: 1, maxReceiveCount: 3 });
  const seconds = (performance.now() - t0) / 1000;
  const stored = (await listOpportunityItems(db, communityId)).length;
  console.log(
    `analysis of ${messageCount} messages and ${memberCount} members: ${seconds.toFixed(2)} s (${stored} opportunities stored)`,
  );
  const t1 = performance.now();
  const again = await startAnalysis({ ...deps, now: () => new Date(Date.now() + 3_600_000) }, communityId);
  await runAnalysis(
    { ...deps, now: () => new Date(Date.now() + 3_600_000) },
    { communityId, runId: again.id },
    { token: 'bench-2', receiveCount: 1, maxReceiveCount: 3 },
  );
  console.log(
    `the next period's run over the same messages (nothing new to store): ${((performance.now() - t1) / 1000).toFixed(2)} s`,
  );
} finally {
  await dynamo.close();
}
