import { describe, expect, it } from 'vitest';
import { readServerMessage } from '../../../web/src/realtime/realtime-client';

const message = { msg_id: 'm-1', content: 'שלום', timestamp: '2025-01-01T00:00:00.000Z' };

describe('readServerMessage (the live-events protocol, server side)', () => {
  it.each([
    ['subscribed', { type: 'subscribed', communityId: 'c-1' }],
    ['an inserted message', { type: 'message.inserted', communityId: 'c-1', message, correlationId: 'r-1' }],
    ['an updated message', { type: 'message.updated', communityId: 'c-1', message }],
    ['a deleted message', { type: 'message.deleted', communityId: 'c-1', msg_id: 'm-1' }],
    ['pong', { type: 'pong' }],
    ['an error', { type: 'error', message: 'Not a member of this community' }],
  ])('passes %s on as sent', (_name, frame) => {
    expect(readServerMessage(JSON.stringify(frame))).toEqual(frame);
  });

  it.each([
    ['text that is not JSON', 'hello'],
    ['JSON that is not an object', '"subscribed"'],
    ['an unknown type', JSON.stringify({ type: 'message.moved', communityId: 'c-1' })],
    ['a message event without its message', JSON.stringify({ type: 'message.inserted', communityId: 'c-1' })],
    ['a message event without its community', JSON.stringify({ type: 'message.updated', message })],
    ['a deletion without the message id', JSON.stringify({ type: 'message.deleted', communityId: 'c-1' })],
    ['an error without its text', JSON.stringify({ type: 'error' })],
  ])('drops %s', (_name, data) => {
    expect(readServerMessage(data)).toBeNull();
  });
});
