import { describe, expect, it } from 'vitest';
import { dayOf, hourOf, messageIdFor, senderKeyFor } from '@kehila/functions/core/messages/ids';

describe('message ids', () => {
  it('derives the same UUID-shaped id from the same group and provider message id', () => {
    const a = messageIdFor('120363041234567890@g.us', '3EB0C431C26A1916E07A');
    expect(a).toBe(messageIdFor('120363041234567890@g.us', '3EB0C431C26A1916E07A'));
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('differs across groups and messages', () => {
    const ids = new Set([messageIdFor('1@g.us', 'A'), messageIdFor('2@g.us', 'A'), messageIdFor('1@g.us', 'B')]);
    expect(ids.size).toBe(3);
  });
});

describe('sender keys', () => {
  const local = { stage: 'local' as const };

  it('is a keyed hash per community, never the number itself', () => {
    const a = senderKeyFor(local, 'c1', '972501234567@c.us');
    expect(a).toMatch(/^[0-9a-f]{20}$/);
    expect(a).toBe(senderKeyFor(local, 'c1', '972501234567@c.us'));
    expect(senderKeyFor(local, 'c2', '972501234567@c.us')).not.toBe(a);
    expect(senderKeyFor({ stage: 'local', senderHashKey: 'other' }, 'c1', '972501234567@c.us')).not.toBe(a);
  });

  it('needs a configured key in the cloud', () => {
    expect(() => senderKeyFor({ stage: 'cloud' }, 'c1', 'x@c.us')).toThrow('SENDER_HASH_KEY is not set');
  });
});

describe('buckets', () => {
  it('takes the UTC day and hour of a timestamp', () => {
    expect(dayOf('2026-01-01T23:59:59.999Z')).toBe('2026-01-01');
    expect(hourOf('2026-01-01T23:59:59.999Z')).toBe('2026-01-01T23');
  });
});
