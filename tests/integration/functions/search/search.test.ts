import { beforeAll, describe, expect, it } from 'vitest';
import type { Context } from 'aws-lambda';
import type { Community, Message, SearchStats } from '@kehila/shared';
import { loadConfig } from '@kehila/functions/core/config';
import { setDeps } from '@kehila/functions/wiring/deps';
import { createLocalDeps } from '@kehila/functions/wiring/local';
import { type Deps } from '@kehila/functions/core/deps';
import { putMessageIfNew } from '@kehila/functions/data/messages';
import type { AiPort } from '@kehila/functions/core/ports/ai';
import type { QueueClient } from '@kehila/functions/core/ports/queues';
import { processEmbedRecords } from '@kehila/functions/core/search/embed';
import type { HttpEvent, HttpResult } from '@kehila/functions/http/route-handler';
import { handler as searchArea } from '@kehila/functions/http/search/index';
import { api, signIn, stack, useStackEnv } from '../../support';
import {
  communityWithGroup,
  freshGroupId,
  postMessage,
  subOf,
  waitFor,
} from '../../../fixtures/whatsapp/stack-community';

const HIRING = 'We are hiring a backend developer for our fintech startup, send your CV to Dana';
const PLUMBER = 'מישהו מכיר אינסטלטור טוב? יש נזילה במטבח מאז הבוקר';
const PICNIC = 'Reminder: the community picnic is on Friday at the park, bring snacks';

const stats = async (communityId: string, token: string) =>
  (await api(`/api/communities/${communityId}/search/stats`, { token })).body as unknown as SearchStats;
const aiSearch = async (communityId: string, token: string, q: string) => {
  const res = await api(`/api/communities/${communityId}/search?q=${encodeURIComponent(q)}`, { token });
  return {
    status: res.status,
    body: res.body as unknown as { results: Message[]; fallback?: boolean; message?: string },
  };
};
const listSearch = async (communityId: string, token: string, q: string) =>
  (
    (await api(`/api/communities/${communityId}/messages?q=${encodeURIComponent(q)}`, { token })).body as unknown as {
      items: Message[];
    }
  ).items;

function storedMessage(id: string, minute: number, content: string): Message {
  return {
    msg_id: id,
    group_id: 'x@g.us',
    content,
    timestamp: new Date(Date.UTC(2026, 2, 1, 9, minute)).toISOString(),
    Sender_name: 'Dana Levi',
    sender_hash: '972501234567@c.us',
    topic: null,
    keywords: [],
    urgency: 'low',
    sentiment: 0,
    action_items: [],
    emotion: 'neutral',
    intent: 'social',
    cluster_id: null,
    toxicity: 0,
  };
}

async function store(deps: Deps, communityId: string, messages: Message[]) {
  for (const m of messages) {
    await putMessageIfNew(deps.db, {
      communityId,
      message: m,
      senderKey: 'test',
      provider: 'waha',
      providerMessageId: m.msg_id,
      receivedAt: m.timestamp,
    });
  }
}

describe('search on the local stack', () => {
  let deps: Deps;
  let token: string;

  beforeAll(async () => {
    deps = useStackEnv();
    token = (await signIn('member@example.com', 'kehila-demo')).IdToken;
  });

  describe('a message posted to the webhook', () => {
    let community: Community;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      community = await communityWithGroup(deps, freshGroupId(), [subOf(token)]);
    });

    it('starts with nothing indexed, and AI search falls back to text search', async () => {
      expect(await stats(community.id, token)).toEqual({
        total: 0,
        embedded: 0,
        indexed_percentage: 0,
        ai_provider: 'local',
      });
      expect((await aiSearch(community.id, token, 'hiring developers')).body).toEqual({ results: [], fallback: true });
    });

    it('becomes searchable by meaning and by text, and the indexed percentage moves to 100', async () => {
      for (const [i, text] of [HIRING, PLUMBER, PICNIC].entries()) {
        const res = await postMessage(stack().url, 'waha', {
          groupId: community.group_id as string,
          senderId: '972501234567@c.us',
          senderName: 'Dana Levi',
          timestamp: new Date(Date.UTC(2026, 2, 1, 9, i)),
          text,
        });
        expect(res.status).toBe(200);
        ids[text] = res.msgId;
      }
      await waitFor(async () => (await stats(community.id, token)).embedded === 3, 30_000);
      expect(await stats(community.id, token)).toEqual({
        total: 3,
        embedded: 3,
        indexed_percentage: 100,
        ai_provider: 'local',
      });

      // A Hebrew paraphrase with no word in common finds the English job post.
      const jobs = await aiSearch(community.id, token, 'דרושים מתכנתים');
      expect(jobs.status).toBe(200);
      expect(jobs.body.fallback).toBe(false);
      expect(jobs.body.results[0]?.msg_id).toBe(ids[HIRING]);

      // And an English question finds the Hebrew plumber message.
      const plumber = await aiSearch(community.id, token, 'need a plumber to fix a leak');
      expect(plumber.body.fallback).toBe(false);
      expect(plumber.body.results[0]?.msg_id).toBe(ids[PLUMBER]);

      // Standard search (message list): words, a Hebrew word with a prefix letter, an id fragment.
      expect((await listSearch(community.id, token, 'picnic')).map((m) => m.msg_id)).toEqual([ids[PICNIC]]);
      expect((await listSearch(community.id, token, 'במטבח')).map((m) => m.msg_id)).toEqual([ids[PLUMBER]]);
      const hiringId = ids[HIRING] ?? '';
      const fragment = hiringId.slice(-10).toUpperCase();
      expect((await listSearch(community.id, token, `id:${fragment}`)).map((m) => m.msg_id)).toEqual([hiringId]);
    });

    it('asks for at least 2 characters', async () => {
      const res = await aiSearch(community.id, token, ' a ');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please enter at least 2 characters to search');
    });
  });

  it('queues for embedding the messages of a community whose embed jobs were lost (the first walk)', async () => {
    const community = await communityWithGroup(deps, freshGroupId(), [subOf(token)]);
    const lost = [
      storedMessage(`lost-1-${community.id}`, 1, 'Lost job one'),
      storedMessage(`lost-2-${community.id}`, 2, 'Lost job two'),
    ];
    const sent = storedMessage(`sent-${community.id}`, 3, 'This one has its job');
    await store(deps, community.id, [...lost, sent]);
    await deps.queues.send('embed', { communityId: community.id, msgId: sent.msg_id, timestamp: sent.timestamp });
    await waitFor(async () => (await stats(community.id, token)).embedded === 3, 30_000);
    expect(await stats(community.id, token)).toEqual({
      total: 3,
      embedded: 3,
      indexed_percentage: 100,
      ai_provider: 'local',
    });
  });

  it('answers AI search with text results and fallback when nothing could be embedded', async () => {
    const community = await communityWithGroup(deps, freshGroupId(), [subOf(token)]);
    const m = storedMessage(`fallback-${community.id}`, 1, 'Parking near the hall is free after six');
    await store(deps, community.id, [m]);

    // This process's own engine and an AI provider whose embeddings fail: the worker indexes the
    // message for text search only and reports the record as failed.
    const brokenAi = {
      name: 'local',
      embeddingDimensions: 384,
      embeddingVersion: async () => 'broken:1',
      embed: async () => {
        throw new Error('model unavailable');
      },
    } as unknown as AiPort;
    const noQueues: QueueClient = { send: async () => undefined, sendBatch: async () => undefined };
    const local = createLocalDeps(loadConfig(), { ai: brokenAi, queues: noQueues });
    const outcome = await processEmbedRecords(local, [
      { messageId: 'r1', body: JSON.stringify({ communityId: community.id, msgId: m.msg_id, timestamp: m.timestamp }) },
    ]);
    expect(outcome.get('r1')?.message).toBe('model unavailable');

    setDeps(local);
    const call = async (routeKey: string, path: string, query: Record<string, string>) => {
      const event: HttpEvent = {
        routeKey,
        rawPath: path,
        headers: {},
        queryStringParameters: query,
        pathParameters: { communityId: community.id },
        isBase64Encoded: false,
        requestContext: {
          requestId: 'search-test',
          http: { method: 'GET', path, sourceIp: '127.0.0.1' },
          authorizer: { jwt: { claims: { sub: subOf(token), email: 'member@example.com', token_use: 'id' } } },
        },
      };
      const res: HttpResult = await searchArea(event, {
        functionName: 'search',
        awsRequestId: 'x',
        getRemainingTimeInMillis: () => 5000,
      } as unknown as Context);
      return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
    };
    try {
      const res = await call('GET /api/communities/{communityId}/search', `/api/communities/${community.id}/search`, {
        q: 'where to park the car',
      });
      expect(res.status).toBe(200);
      expect(res.body.fallback).toBe(true);
      expect((res.body.results as Message[]).map((r) => r.msg_id)).toEqual([m.msg_id]);

      const s = await call(
        'GET /api/communities/{communityId}/search/stats',
        `/api/communities/${community.id}/search/stats`,
        {},
      );
      expect(s.body).toEqual({ total: 1, embedded: 0, indexed_percentage: 0, ai_provider: 'local' });
    } finally {
      setDeps(deps);
    }
  });
});
