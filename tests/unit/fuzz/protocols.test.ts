import { beforeEach, describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { RealtimeClientMessageSchema, RealtimeServerMessageSchema } from '@kehila/shared';
import { PoisonMessageError, queues, readQueueMessage, type QueueName } from '@kehila/functions/core/queues';
import {
  onClientMessage,
  REALTIME_ERRORS,
  type RealtimeTransport,
} from '@kehila/functions/core/messages/realtime-session';
import { createDb } from '@kehila/functions/data/db';
import { GetCommand } from '@kehila/functions/data/table-client';
import { blankMember } from '@kehila/functions/core/communities/records';
import { mockTable } from '../../support/table-mock';
import { fuzzSeed, Rng } from '../../support/fuzz/rng';
import { sample, setAt, slots } from '../../support/fuzz/schemas';
import { badValue, ODD_STRINGS, toJson } from '../../support/fuzz/values';

/**
 * The two inputs that do not come through an HTTP route: queue records (a producer bug, a hand-sent
 * message, a replayed DLQ) and the live-events WebSocket protocol. Each gets bodies built from its
 * schema: not JSON, wrong at the top, or a valid message with one field made wrong. A worker must
 * call such a record poison (it then goes to the DLQ), never crash on it; the protocol must answer
 * with an error reply and read nothing. FUZZ_SEED replays a run.
 */
const SEED = fuzzSeed(process.env.FUZZ_SEED, 11);
const COUNT = 300;

/** A body built from the schema, usually one it refuses. */
function fuzzBody(schema: z.ZodType, rng: Rng): string {
  const valid = sample(schema, rng)?.value;
  const fields = slots(schema).slice(1);
  switch (rng.int(5)) {
    case 0:
      return rng.pick(ODD_STRINGS);
    case 1:
      return toJson(badValue(schema, rng));
    case 2:
      return valid === undefined ? '{' : toJson(valid).slice(0, rng.int(toJson(valid).length));
    default: {
      if (valid === undefined || fields.length === 0) return toJson(badValue(schema, rng));
      const slot = rng.pick(fields);
      return toJson(setAt(valid, slot.path, badValue(slot.schema, rng)));
    }
  }
}

const accepts = (schema: z.ZodType, body: string): boolean => {
  try {
    return schema.safeParse(JSON.parse(body)).success;
  } catch {
    return false;
  }
};

describe('queue records fuzzed from the queue declarations', () => {
  for (const queue of Object.keys(queues) as QueueName[]) {
    const schema: z.ZodType = queues[queue].message;

    it(`${queue}: reads a valid message and calls every other body poison, never another error`, () => {
      const rng = new Rng(SEED).fork(queue);
      const valid = sample(schema, rng);
      expect(valid, `a valid ${queue} message can be built from its schema`).toBeDefined();
      expect(() => readQueueMessage(queue, toJson(valid?.value))).not.toThrow();
      let refused = 0;
      for (let i = 0; i < COUNT; i++) {
        const body = fuzzBody(schema, rng);
        if (accepts(schema, body)) {
          expect(() => readQueueMessage(queue, body)).not.toThrow();
          continue;
        }
        let error: unknown;
        try {
          readQueueMessage(queue, body);
        } catch (err) {
          error = err;
        }
        expect(error, `seed ${SEED}, body ${body.slice(0, 200)}`).toBeInstanceOf(PoisonMessageError);
        refused++;
      }
      expect(refused).toBeGreaterThan(COUNT / 2);
    });
  }
});

describe('live-events protocol fuzzed from its schema', () => {
  const ddb = mockTable();
  const db = createDb({ region: 'us-east-1', tableName: 't', endpoints: {} });
  let verified: string[];
  let subscribed: string[];
  const transport: RealtimeTransport = {
    async verifyToken(token) {
      verified.push(token);
      return token === 'good-token' ? 'user-1' : null;
    },
    async subscribe(communityId, userId) {
      subscribed.push(`${communityId}:${userId}`);
    },
  };

  beforeEach(() => {
    ddb.reset();
    ddb.on(GetCommand).resolves({
      Item: blankMember({
        userId: 'user-1',
        communityId: 'c1',
        role: 'Member',
        now: new Date('2026-01-01T00:00:00Z'),
        status: 'active',
        approval_status: 'approved',
      }),
    });
    verified = [];
    subscribed = [];
  });

  it('answers every refused message "Invalid message" without verifying a token or reading the table', async () => {
    const rng = new Rng(SEED).fork('realtime');
    let refused = 0;
    for (let i = 0; i < COUNT; i++) {
      const variant = rng.pick(RealtimeClientMessageSchema.options) as z.ZodType;
      const body = rng.chance(0.2) ? fuzzBody(RealtimeClientMessageSchema, rng) : fuzzBody(variant, rng);
      const before = {
        verified: verified.length,
        subscribed: subscribed.length,
        reads: ddb.commandCalls(GetCommand).length,
      };
      const reply = await onClientMessage({ db }, transport, body);
      expect(RealtimeServerMessageSchema.safeParse(reply).success).toBe(true);
      if (accepts(RealtimeClientMessageSchema, body)) continue;
      const seen = `seed ${SEED}, body ${body.slice(0, 120)}`;
      expect(reply, seen).toEqual({ type: 'error', message: REALTIME_ERRORS.invalid });
      expect(
        { verified: verified.length, subscribed: subscribed.length, reads: ddb.commandCalls(GetCommand).length },
        seen,
      ).toEqual(before);
      refused++;
    }
    expect(refused).toBeGreaterThan(COUNT / 2);
  });

  it('refuses an over-long or malformed community id or token before verifying it', async () => {
    for (const msg of [
      { action: 'subscribe', communityId: 'c'.repeat(65), token: 'good-token' },
      { action: 'subscribe', communityId: 'c1#MEMBER', token: 'good-token' },
      { action: 'subscribe', communityId: 'c1', token: 'x'.repeat(16 * 1024 + 1) },
      { action: 'subscribe', communityId: 'c1', token: '' },
    ]) {
      expect(await onClientMessage({ db }, transport, JSON.stringify(msg))).toEqual({
        type: 'error',
        message: REALTIME_ERRORS.invalid,
      });
    }
    expect(verified).toEqual([]);
    expect(
      await onClientMessage(
        { db },
        transport,
        JSON.stringify({ action: 'subscribe', communityId: 'c1', token: 'good-token' }),
      ),
    ).toEqual({
      type: 'subscribed',
      communityId: 'c1',
    });
  });
});
