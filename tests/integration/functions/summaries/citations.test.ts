import { beforeAll, describe, expect, it } from 'vitest';
import { SUMMARY_SECTION_KEYS, type Community, type StoredSummary } from '@kehila/shared';
import type { Deps } from '@kehila/functions/core/deps';
import { generateSummary } from '@kehila/functions/core/messages/ai-actions';
import { getMessageById } from '@kehila/functions/data/messages';
import { latestStoredSummary } from '@kehila/functions/data/summaries';
import { api, signIn, stack, useStackEnv } from '../../support';
import {
  communityWithGroup,
  freshGroupId,
  postMessage,
  subOf,
  waitFor,
} from '../../../fixtures/whatsapp/stack-community';

const TEXTS = [
  'We are hiring a backend engineer, please send your CV to Dana by Friday',
  'Can anyone recommend a good accountant for a seed-stage startup?',
  'URGENT: the community website is down and the signup link is broken',
  'Please RSVP by Wednesday for the meetup on Thursday at 19:00',
  'Thanks everyone for the great meetup yesterday!',
  'מישהו מכיר רואה חשבון טוב לעוסק מורשה?',
];

describe('summaries cite their sources', () => {
  let deps: Deps;
  let token: string;
  let community: Community;
  let other: Community;
  const posted: string[] = [];
  let otherMsgId: string;

  beforeAll(async () => {
    deps = useStackEnv();
    token = (await signIn('admin@example.com', 'kehila-demo')).IdToken;
    community = await communityWithGroup(deps, freshGroupId(), [subOf(token)]);
    other = await communityWithGroup(deps, freshGroupId(), [subOf(token)]);
    for (let i = 0; i < 12; i += 1) {
      const res = await postMessage(stack().url, 'waha', {
        groupId: community.group_id as string,
        senderId: `97250123456${i % 4}@c.us`,
        senderName: ['Dana Levi', 'Yossi Cohen', 'Noa Bar', 'Avi Katz'][i % 4]!,
        timestamp: new Date(Date.UTC(2026, 2, 1 + Math.floor(i / 4), 9, i, 0)),
        text: `${TEXTS[i % TEXTS.length]} (${i})`,
      });
      expect(res.status).toBe(200);
      posted.push(res.msgId);
    }
    // the same words in another community: a summary of the first must never cite them
    const elsewhere = await postMessage(stack().url, 'waha', {
      groupId: other.group_id as string,
      senderId: '972509999999@c.us',
      senderName: 'Dana Levi',
      timestamp: new Date(Date.UTC(2026, 2, 2, 9, 30, 0)),
      text: TEXTS[2]!,
    });
    otherMsgId = elsewhere.msgId;
    await waitFor(async () => {
      const found = await Promise.all([
        ...posted.map((id) => getMessageById(deps.db, community.id, id)),
        getMessageById(deps.db, other.id, otherMsgId),
      ]);
      return found.every(Boolean);
    });
  });

  it('stores a summary whose every citation is a message of that community and period', async () => {
    const res = await api(`/api/communities/${community.id}/summaries`, { token, method: 'POST' });
    expect(res.status).toBe(200);
    const stored = res.body as unknown as StoredSummary;
    expect(stored.sections).not.toBeNull();
    expect(stored.message_count).toBe(posted.length);
    const citations = SUMMARY_SECTION_KEYS.flatMap((k) => stored.sections![k].flatMap((i) => i.message_ids));
    expect(citations.length).toBeGreaterThan(0);
    for (const key of ['key_topics', 'action_items', 'recommended_actions'] as const) {
      expect(stored.sections![key].length).toBeGreaterThan(0);
      for (const item of stored.sections![key]) expect(item.message_ids.length).toBeGreaterThan(0);
    }
    for (const id of new Set(citations)) {
      const m = await getMessageById(deps.db, community.id, id);
      expect(m, `citation ${id}`).not.toBeNull();
      expect(m!.timestamp >= stored.period_from! && m!.timestamp <= stored.period_to!).toBe(true);
    }
    expect(citations).not.toContain(otherMsgId);
    // what the API returns is what was stored, and it is reused
    expect(await latestStoredSummary(deps.db, community.id)).toEqual(stored);
    expect((await api(`/api/communities/${community.id}/summaries/latest`, { token })).body).toEqual(stored);
  });

  it('refuses, and stores nothing, when the provider cites a message outside the period', async () => {
    const before = await latestStoredSummary(deps.db, community.id);
    const lying: Deps = {
      ...deps,
      ai: {
        ...deps.ai,
        summarize: async () => ({
          language: 'en' as const,
          text: '# Summary',
          sections: {
            overview: '',
            key_topics: [{ text: 'The website is down', message_ids: [otherMsgId] }],
            action_items: [],
            recommended_actions: [],
            quick_stats: [],
          },
        }),
      },
    };
    await expect(generateSummary(lying, community.id)).rejects.toMatchObject({
      status: 503,
      message: 'Failed to generate summary',
    });
    expect(await latestStoredSummary(deps.db, community.id)).toEqual(before);
  });
});
