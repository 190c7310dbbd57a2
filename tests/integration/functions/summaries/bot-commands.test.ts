import { beforeAll, describe, expect, it } from 'vitest';
import type { Community } from '@kehila/shared';
import type { Deps } from '@kehila/functions/core/deps';
import { answerBotCommand, BOT_COMMAND_LIMIT } from '@kehila/functions/core/messages/bot-commands';
import { queryAll } from '@kehila/functions/data/db';
import { keys } from '@kehila/functions/data/keys';
import { getMessageById } from '@kehila/functions/data/messages';
import { updateCommunity } from '@kehila/functions/data/communities';
import { updateProfile } from '@kehila/functions/data/profiles';
import { putDeliverySchedule } from '@kehila/functions/data/summary-settings';
import { defaultDeliverySchedule } from '@kehila/shared';
import { signIn, stack, useStackEnv } from '../../support';
import { signedInUser } from '../accounts/users';
import {
  communityWithGroup,
  freshGroupId,
  postMessage,
  subOf,
  waitFor,
} from '../../../fixtures/whatsapp/stack-community';

const outbox = async (deps: Deps, communityId: string) =>
  (await queryAll<{ text: string }>(deps.db, { pk: keys.outbox(communityId, '', '').pk })).map((i) => i.text);

describe('bot commands in the group', () => {
  let deps: Deps;
  let community: Community;

  const say = (text: string, minute: number) =>
    postMessage(stack().url, 'waha', {
      groupId: community.group_id as string,
      senderId: '972501112223@c.us',
      senderName: 'Noa Bar',
      timestamp: new Date(Date.UTC(2026, 10, 24, 9, minute, 0)),
      text,
    });

  beforeAll(async () => {
    deps = useStackEnv();
    const token = (await signIn('admin@example.com', 'kehila-demo')).IdToken;
    community = await communityWithGroup(deps, freshGroupId(), [subOf(token)]);
    const ids: string[] = [];
    for (const [i, text] of [
      'Please send the budget by Friday',
      'Can anyone recommend an accountant?',
      'URGENT: the website is down',
    ].entries())
      ids.push((await say(text, i)).msgId);
    await waitFor(async () =>
      (await Promise.all(ids.map((id) => getMessageById(deps.db, community.id, id)))).every(Boolean),
    );
  });

  it('answers /summary 50 with one summary in the group, and never stores the command as a message', async () => {
    const res = await say('/summary 50', 10);
    expect(res.status).toBe(200);
    await waitFor(async () => (await outbox(deps, community.id)).length >= 1, 60_000);
    await new Promise((r) => setTimeout(r, 1500));
    const replies = await outbox(deps, community.id);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toContain('*Key Topics*');
    expect(replies[0]).toContain('Messages: 3');
    expect(await getMessageById(deps.db, community.id, res.msgId)).toBeNull();
  });

  it('answers /summary on a Free community with the plan that unlocks it, not a summary', async () => {
    const owner = await signedInUser('free-bot-owner');
    await updateProfile(deps.db, owner.id, {
      subscription_plan: 'free',
      trial_ends_at: new Date(Date.now() - 60_000).toISOString(),
    });
    const free = await communityWithGroup(deps, freshGroupId(), [owner.id]);
    expect(
      await answerBotCommand(deps, {
        communityId: free.id,
        groupId: free.group_id as string,
        command: 'summary',
        count: null,
        today: false,
      }),
    ).toEqual({ replied: true });
    expect(await outbox(deps, free.id)).toEqual(['This feature is available on the Pro plan']);
  });

  it("reads /summary today from midnight in the community's zone, its language's default until delivery settings are saved", async () => {
    const token = (await signIn('admin@example.com', 'kehila-demo')).IdToken;
    const hebrew = await communityWithGroup(deps, freshGroupId(), [subOf(token)]);
    await updateCommunity(deps.db, hebrew.id, { group_language: 'Hebrew' });
    const ids: string[] = [];
    // 23:30 and 00:30 in Jerusalem (UTC+2 in November): yesterday and today there, both yesterday in UTC
    for (const [hour, text] of [
      [21, 'Who is bringing the projector?'],
      [22, 'The projector is in the office'],
    ] as const) {
      const posted = await postMessage(stack().url, 'waha', {
        groupId: hebrew.group_id as string,
        senderId: '972501112224@c.us',
        senderName: 'Avi Mizrahi',
        timestamp: new Date(Date.UTC(2026, 10, 24, hour, 30, 0)),
        text,
      });
      ids.push(posted.msgId);
    }
    await waitFor(async () =>
      (await Promise.all(ids.map((id) => getMessageById(deps.db, hebrew.id, id)))).every(Boolean),
    );
    const sent: string[] = [];
    const morning = Object.create(deps, {
      now: { value: () => new Date('2026-11-25T09:00:00.000Z') },
      whatsapp: { value: { send: async (m: { text: string }) => void sent.push(m.text) } },
    }) as Deps;
    await answerBotCommand(morning, {
      communityId: hebrew.id,
      groupId: hebrew.group_id as string,
      command: 'summary',
      count: null,
      today: true,
    });
    expect(sent).toHaveLength(1);
    // a Hebrew community's summary is in Hebrew: 'Messages: 1' (in UTC, today would hold none)
    expect(sent[0]).toContain('הודעות: 1');
  });

  it("answers /help and /id in a Hebrew group's language, and in the summaries' language once an admin chose one", async () => {
    const token = (await signIn('admin@example.com', 'kehila-demo')).IdToken;
    const hebrew = await communityWithGroup(deps, freshGroupId(), [subOf(token)]);
    await updateCommunity(deps.db, hebrew.id, { group_language: 'Hebrew' });
    const sent: string[] = [];
    const capture = Object.create(deps, {
      now: { value: () => new Date('2033-01-01T10:00:00.000Z') },
      whatsapp: { value: { send: async (m: { text: string }) => void sent.push(m.text) } },
    }) as Deps;
    const ask = (command: 'help' | 'id') =>
      answerBotCommand(capture, {
        communityId: hebrew.id,
        groupId: hebrew.group_id as string,
        command,
        count: null,
        today: false,
      });
    await ask('help');
    await ask('id');
    expect(sent[0]).toContain('*פקודות הבוט של Kehila*');
    expect(sent[1]).toBe(`מזהה הקבוצה (Group ID): ${hebrew.group_id}`);
    await putDeliverySchedule(
      deps.db,
      hebrew.id,
      { ...defaultDeliverySchedule({ group_language: 'Hebrew' }), language: 'en' },
      false,
    );
    await ask('help');
    expect(sent[2]).toContain('*Kehila bot commands*');
  });

  it('answers a command message once however often its job is delivered, and again after a failed send', async () => {
    const sent: string[] = [];
    let failNext = true;
    const flaky = Object.create(deps, {
      now: { value: () => new Date('2032-01-01T10:00:00.000Z') },
      whatsapp: {
        value: {
          send: async (m: { text: string }) => {
            if (failNext) {
              failNext = false;
              throw new Error('gateway down');
            }
            sent.push(m.text);
          },
        },
      },
    }) as Deps;
    const job = {
      communityId: community.id,
      groupId: `${community.group_id}`,
      command: 'id' as const,
      count: null,
      today: false,
      msgId: `${community.group_id}:redelivered-command`,
    };
    await expect(answerBotCommand(flaky, job)).rejects.toThrow('gateway down');
    expect(await answerBotCommand(flaky, job)).toEqual({ replied: true });
    expect(await answerBotCommand(flaky, job)).toEqual({ replied: false });
    expect(sent).toEqual([`Group ID: ${community.group_id}`]);
  });

  it('answers /id with the group id', async () => {
    await say('/id', 11);
    await waitFor(async () => (await outbox(deps, community.id)).some((t) => t === `Group ID: ${community.group_id}`));
  });

  it('stops answering a group past its command limit until the window ends', async () => {
    const sent: string[] = [];
    const at = new Date('2031-01-01T10:00:00.000Z');
    const quiet = Object.create(deps, {
      now: { value: () => at },
      whatsapp: { value: { send: async (m: { text: string }) => void sent.push(m.text) } },
    }) as Deps;
    const job = {
      communityId: community.id,
      groupId: `${community.group_id}`,
      command: 'help' as const,
      count: null,
      today: false,
    };
    const answers = [];
    for (let i = 0; i < BOT_COMMAND_LIMIT.limit + 2; i++) answers.push((await answerBotCommand(quiet, job)).replied);
    expect(answers).toEqual([...Array(BOT_COMMAND_LIMIT.limit).fill(true), false, false]);
    expect(sent).toHaveLength(BOT_COMMAND_LIMIT.limit);
    expect(sent[0]).toContain('/summary today');
  });
});
