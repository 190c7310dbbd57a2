import { beforeEach, describe, expect, it } from 'vitest';
import { mockTable } from '../../../../support/table-mock';
import { GetCommand } from '@kehila/functions/data/table-client';
import { createDb } from '@kehila/functions/data/db';
import {
  onClientMessage,
  REALTIME_ERRORS,
  type RealtimeTransport,
} from '@kehila/functions/core/messages/realtime-session';
import type { Member } from '@kehila/shared';
import { blankMember } from '@kehila/functions/core/communities/records';

const ddb = mockTable();
const db = createDb({ region: 'us-east-1', tableName: 't', endpoints: {} });
let subscribed: string[];
const transport: RealtimeTransport = {
  async verifyToken(token) {
    return token === 'good-token' ? 'user-1' : null;
  },
  async subscribe(communityId, userId) {
    subscribed.push(`${communityId}:${userId}`);
  },
};
const member = (status: Member['status'], approval: Member['approval_status']) => ({
  Item: blankMember({
    userId: 'user-1',
    communityId: 'c1',
    role: 'Member',
    now: new Date('2026-01-01T00:00:00Z'),
    status,
    approval_status: approval,
  }),
});

describe('live-events protocol', () => {
  beforeEach(() => {
    ddb.reset();
    subscribed = [];
  });
  const send = (msg: unknown) =>
    onClientMessage({ db }, transport, typeof msg === 'string' ? msg : JSON.stringify(msg));

  it('answers ping with pong', async () => {
    expect(await send({ action: 'ping' })).toEqual({ type: 'pong' });
  });

  it('subscribes a member with a valid token', async () => {
    ddb.on(GetCommand).resolves(member('active', 'approved'));
    expect(await send({ action: 'subscribe', communityId: 'c1', token: 'good-token' })).toEqual({
      type: 'subscribed',
      communityId: 'c1',
    });
    expect(subscribed).toEqual(['c1:user-1']);
  });

  it.each([
    ['an invalid token', 'bad', member('active', 'approved'), REALTIME_ERRORS.unauthenticated],
    ['a non-member', 'good-token', {}, REALTIME_ERRORS.notMember],
    ['a pending member', 'good-token', member('active', 'pending'), REALTIME_ERRORS.notMember],
  ])('refuses %s', async (_case, token, item, message) => {
    ddb.on(GetCommand).resolves(item);
    expect(await send({ action: 'subscribe', communityId: 'c1', token })).toEqual({ type: 'error', message });
    expect(subscribed).toEqual([]);
  });

  it.each(['not json', { action: 'shout' }, { action: 'subscribe', communityId: 'c1' }])('refuses %j', async (msg) => {
    expect(await send(msg)).toEqual({ type: 'error', message: REALTIME_ERRORS.invalid });
  });
});
