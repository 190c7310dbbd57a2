import type { Config } from '@kehila/functions/core/config';
import { describe, expect, it, vi } from 'vitest';
import { dayOf, hourOf, loadSenderHashKey, messageIdFor, senderKeyFor } from '@kehila/functions/core/messages/ids';

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

describe('sender hash key from Secrets Manager', () => {
  const cloud = (name: string) => ({ stage: 'cloud' as const, region: 'eu-west-1', senderHashKeySecretName: name });
  /** The deps loadSenderHashKey reads: the configuration and a secrets port answering with `read`. */
  const deps = (config: ReturnType<typeof cloud> & { senderHashKey?: string }, read: () => Promise<string>) => ({
    config: config as unknown as Config,
    secrets: { get: async (name: string) => (name === 'senderHashKey' ? read() : null) },
  });

  it("hashes with the secret's key once loaded, exactly as with the key given directly", async () => {
    const readSecret = vi.fn(async () => '  the-generated-key\n');
    await loadSenderHashKey(deps(cloud('kehila/test/sender-a'), readSecret));
    expect(readSecret).toHaveBeenCalledTimes(1);
    expect(senderKeyFor(cloud('kehila/test/sender-a'), 'c1', 'x@c.us')).toBe(
      senderKeyFor({ stage: 'cloud', senderHashKey: 'the-generated-key' }, 'c1', 'x@c.us'),
    );
  });

  it('reads the secret once per process', async () => {
    const readSecret = vi.fn(async () => 'key-b');
    await loadSenderHashKey(deps(cloud('kehila/test/sender-b'), readSecret));
    await loadSenderHashKey(deps(cloud('kehila/test/sender-b'), readSecret));
    expect(readSecret).toHaveBeenCalledTimes(1);
  });

  it('does not read a secret when the key is given directly', async () => {
    const readSecret = vi.fn(async () => 'unused');
    await loadSenderHashKey(deps({ ...cloud('kehila/test/sender-c'), senderHashKey: 'direct' }, readSecret));
    expect(readSecret).not.toHaveBeenCalled();
  });

  it('refuses an empty secret and says which key is missing before it is loaded', async () => {
    await expect(loadSenderHashKey(deps(cloud('kehila/test/sender-d'), async () => ' '))).rejects.toThrow(
      'secret kehila/test/sender-d is empty',
    );
    expect(() => senderKeyFor(cloud('kehila/test/sender-d'), 'c1', 'x@c.us')).toThrow(
      'the sender hash key of secret kehila/test/sender-d is not loaded',
    );
  });
});

describe('buckets', () => {
  it('takes the UTC day and hour of a timestamp', () => {
    expect(dayOf('2026-01-01T23:59:59.999Z')).toBe('2026-01-01');
    expect(hourOf('2026-01-01T23:59:59.999Z')).toBe('2026-01-01T23');
  });
});
