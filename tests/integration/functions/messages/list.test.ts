import { beforeAll, describe, expect, it } from 'vitest';
import type { Action, Community, Message, StoredSummary } from '@kehila/shared';
import type { Deps } from '@kehila/functions/core/deps';
import { encodeCursor } from '@kehila/functions/core/cursor';
import { keys } from '@kehila/functions/data/keys';
import { getMessageById } from '@kehila/functions/data/messages';
import { api, signIn, stack, useStackEnv } from '../../support';
import {
  communityWithGroup,
  freshGroupId,
  postMessage,
  subOf,
  waitFor,
} from '../../../fixtures/whatsapp/stack-community';

const TEXTS = [
  'Does anyone know a good accountant for a seed-stage startup?',
  'Reminder: pitch practice moved to Thursday evening',
  'We are hiring a backend engineer, referrals welcome',
  'מישהו מכיר רואה חשבון טוב?',
  'Thanks for the great meetup yesterday',
];

describe('message list API', () => {
  let deps: Deps;
  let token: string;
  let community: Community;
  let other: Community;
  let otherMsgId: string;
  const ids: { msgId: string; timestamp: string; text: string }[] = [];

  beforeAll(async () => {
    deps = useStackEnv();
    token = (await signIn('admin@example.com', 'kehila-demo')).IdToken;
    community = await communityWithGroup(deps, freshGroupId(), [subOf(token)]);
    other = await communityWithGroup(deps, freshGroupId(), [subOf(token)]);
    // 25 messages over three days, oldest first.
    for (let i = 0; i < 25; i += 1) {
      const day = i < 10 ? 1 : i < 20 ? 2 : 3;
      const timestamp = new Date(Date.UTC(2026, 1, day, 8, i, 0));
      const text = `${TEXTS[i % TEXTS.length]} (${i})`;
      const res = await postMessage(stack().url, 'waha', {
        groupId: community.group_id as string,
        senderId: i % 2 ? '972501234567@c.us' : '184467440737095@lid',
        senderName: i % 2 ? 'Dana Levi' : 'Yossi Cohen',
        timestamp,
        text,
      });
      expect(res.status).toBe(200);
      ids.push({ msgId: res.msgId, timestamp: timestamp.toISOString(), text });
    }
    const elsewhere = await postMessage(stack().url, 'waha', {
      groupId: other.group_id as string,
      senderId: '972501234567@c.us',
      senderName: 'Dana Levi',
      timestamp: new Date(Date.UTC(2026, 1, 2, 9, 0, 0)),
      text: 'Does anyone know a good accountant in the other community?',
    });
    otherMsgId = elsewhere.msgId;
    await waitFor(async () => {
      const found = await Promise.all(
        [...ids.map((x) => [community.id, x.msgId]), [other.id, otherMsgId]].map(([c, id]) =>
          getMessageById(deps.db, c as string, id as string),
        ),
      );
      return found.every(Boolean);
    });
    // Filtered pages come from the search index, which the embed worker fills after the table.
    await waitFor(async () => {
      const bySender = await Promise.all(
        ['Dana Levi', 'Yossi Cohen'].map((s) => all(`?limit=50&sender=${encodeURIComponent(s)}`)),
      );
      return bySender.flat().length === ids.length;
    });
  });

  const list = (query: string) => api(`/api/communities/${community.id}/messages${query}`, { token });

  async function all(query: string): Promise<Message[]> {
    const out: Message[] = [];
    let cursor: string | null = null;
    do {
      const sep = query ? '&' : '?';
      const res = await list(`${query}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      out.push(...(res.body.items as Message[]));
      cursor = res.body.nextCursor as string | null;
    } while (cursor);
    return out;
  }

  it('pages newest first by default, without gaps or repeats, to a null cursor', async () => {
    const first = await list('?limit=10');
    expect((first.body.items as Message[]).map((m) => m.msg_id)).toEqual(
      [...ids]
        .reverse()
        .slice(0, 10)
        .map((x) => x.msgId),
    );
    const every = await all('?limit=10');
    expect(every.map((m) => m.msg_id)).toEqual([...ids].reverse().map((x) => x.msgId));
  });

  it('orders oldest first on request', async () => {
    const every = await all('?limit=7&order=asc');
    expect(every.map((m) => m.msg_id)).toEqual(ids.map((x) => x.msgId));
  });

  it('filters by date range, end exclusive', async () => {
    const day2 = await all('?limit=50&order=asc&from=2026-02-02T00:00:00.000Z&to=2026-02-03T00:00:00.000Z');
    expect(day2.map((m) => m.msg_id)).toEqual(ids.slice(10, 20).map((x) => x.msgId));
  });

  it('searches content (S2 §5) and never returns another community’s messages', async () => {
    // Two words: a content search (a single word over 8 characters would be an id search).
    const q = `?limit=50&q=${encodeURIComponent('good accountant')}`;
    const expected = ids.filter((x) => x.text.includes('good accountant')).map((x) => x.msgId);
    // Indexing follows storage (the embed queue): wait until the index has caught up.
    await waitFor(async () => (await all(q)).length >= expected.length, 15_000);
    const found = await all(q);
    expect(found.map((m) => m.msg_id).sort()).toEqual([...expected].sort());
    expect(found.map((m) => m.msg_id)).not.toContain(otherMsgId);
  });

  it('searches by message id with the id: prefix and by a long single word', async () => {
    const target = ids[4]?.msgId as string;
    const byPrefix = await all(`?q=${encodeURIComponent(`id:${target.slice(0, 13)}`)}`);
    expect(byPrefix.map((m) => m.msg_id)).toEqual([target]);
    const byWord = await all(`?q=${encodeURIComponent(target.slice(0, 18))}`);
    expect(byWord.map((m) => m.msg_id)).toEqual([target]);
  });

  it('filters by urgency and topic consistently with the stored enrichment', async () => {
    const every = await all('?limit=50');
    const urgency = every[0]?.urgency as string;
    const byUrgency = await all(`?limit=50&urgency=${urgency}`);
    expect(byUrgency.length).toBe(every.filter((m) => m.urgency === urgency).length);
    expect(byUrgency.every((m) => m.urgency === urgency)).toBe(true);
    const topic = every.find((m) => m.topic)?.topic;
    if (topic) {
      const byTopic = await all(`?limit=50&topic=${encodeURIComponent(topic)}`);
      expect(byTopic.length).toBeGreaterThan(0);
      expect(byTopic.every((m) => m.topic?.toLowerCase() === topic.toLowerCase())).toBe(true);
    }
  });

  it('reads one message by id, and not another community’s', async () => {
    const target = ids[3]?.msgId as string;
    const res = await api(`/api/communities/${community.id}/messages/${target}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.msg_id).toBe(target);
    const foreign = await api(`/api/communities/${community.id}/messages/${otherMsgId}`, { token });
    expect(foreign).toEqual(
      expect.objectContaining({ status: 404, body: { message: 'Message not found', code: 'not_found' } }),
    );
  });

  it('refuses a cursor of another community', async () => {
    const mine = await list('?limit=1');
    const res = await api(
      `/api/communities/${other.id}/messages?limit=1&cursor=${encodeURIComponent(mine.body.nextCursor as string)}`,
      { token },
    );
    expect(res).toEqual(
      expect.objectContaining({ status: 400, body: { message: 'Invalid cursor', code: 'bad_request' } }),
    );
  });

  const invalidCursor = expect.objectContaining({
    status: 400,
    body: { message: 'Invalid cursor', code: 'bad_request' },
  });

  it('answers an empty page for a date range that ends before it starts', async () => {
    const reversed = '?from=2026-02-03T00:00:00.000Z&to=2026-02-01T00:00:00.000Z';
    expect(await list(reversed)).toEqual(
      expect.objectContaining({ status: 200, body: { items: [], nextCursor: null } }),
    );
    // A cursor is still checked: none can come from a page of an empty range.
    expect(await list(`${reversed}&cursor=W10`)).toEqual(invalidCursor);
  });

  it('refuses a cursor outside the page’s date range or with an empty key, which no page of the query returns', async () => {
    const firstDay = await list('?limit=1&order=asc');
    const cursor = firstDay.body.nextCursor as string;
    const laterRange = await list(
      `?limit=1&order=asc&from=2026-02-02T00:00:00.000Z&cursor=${encodeURIComponent(cursor)}`,
    );
    expect(laterRange).toEqual(invalidCursor);
    const pk = keys.messagePartition(community.id);
    for (const sk of ['', 'zzzz']) {
      const forged = encodeCursor({ v: 1, m: 'table', k: { pk, sk } });
      expect(await list(`?cursor=${forged}`)).toEqual(invalidCursor);
    }
  });

  it('creates a manual action from a message with the spec’s sections', async () => {
    const res = await api(`/api/communities/${community.id}/actions`, {
      token,
      method: 'POST',
      body: {
        title: '  Find an accountant  ',
        details: 'Message: Does anyone know a good accountant?',
        due_date: '2026-02-05T08:00:00.000Z',
        evidence: 'Asked twice this week',
        assigned_to: '@dana',
        message_refs: [ids[0]?.msgId],
      },
    });
    expect(res.status).toBe(200);
    const action = res.body as unknown as Action;
    expect(action).toMatchObject({
      title: 'Find an accountant',
      status: 'pending',
      priority: 'medium',
      source: 'manual',
      user_id: subOf(token),
      group_id: community.group_id,
      message_refs: [ids[0]?.msgId],
      due_date: '2026-02-05T08:00:00.000Z',
    });
    expect(action.details).toBe(
      'Message: Does anyone know a good accountant?\n\n### Evidence:\nAsked twice this week\n\n### Assigned to: @dana',
    );
    const invalid = await api(`/api/communities/${community.id}/actions`, {
      token,
      method: 'POST',
      body: { title: ' ' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('Title is required');
  });

  it('generates an action, suggests actions and generates then reuses a summary', async () => {
    const generated = await api(`/api/communities/${community.id}/actions/generate`, {
      token,
      method: 'POST',
      body: { message_content: ids[0]?.text, Sender_name: 'Dana Levi', topic: null },
    });
    expect(generated.status).toBe(200);
    expect(typeof generated.body.title).toBe('string');
    const missing = await api(`/api/communities/${community.id}/actions/generate`, { token, method: 'POST', body: {} });
    expect(missing.body.message).toBe('Message data is missing');

    const suggested = await api(`/api/communities/${community.id}/actions/suggest`, { token, method: 'POST' });
    expect(suggested.status).toBe(200);
    for (const a of suggested.body.actions as Action[])
      expect(a).toMatchObject({ status: 'pending', user_id: subOf(token) });

    expect(await api(`/api/communities/${community.id}/summaries/latest`, { token })).toEqual(
      expect.objectContaining({ status: 200, body: null }),
    );
    const summary = await api(`/api/communities/${community.id}/summaries`, { token, method: 'POST' });
    expect(summary.status).toBe(200);
    const stored = summary.body as unknown as StoredSummary;
    expect(stored.summary.length).toBeGreaterThan(0);
    expect(stored.group_id).toBe(community.group_id);
    const latest = await api(`/api/communities/${community.id}/summaries/latest`, { token });
    expect(latest.body).toEqual(stored);
  });
});
