import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReceiveMessageCommand, SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { InboundMessage } from '@kehila/shared';
import type { Deps } from '@kehila/functions/core/deps';
import { messageIdFor } from '@kehila/functions/core/messages/ids';
import { getMessageById } from '@kehila/functions/data/messages';
import { ensureQueues, localSqsClient } from '../../../../infra/local/engines/sqs';
import { stack, useStackEnv } from '../../support';
import { communityWithGroup, freshGroupId } from '../../../fixtures/whatsapp/stack-community';

describe('enrichment worker on the local queues', () => {
  let deps: Deps;
  let sqs: SQSClient;
  let urls: Awaited<ReturnType<typeof ensureQueues>>;

  beforeAll(async () => {
    deps = useStackEnv();
    sqs = localSqsClient(stack().sqsEndpoint);
    // CreateQueue is idempotent: this returns the stack's own queue and DLQ URLs.
    urls = await ensureQueues(stack().sqsEndpoint);
  });
  afterAll(() => sqs.destroy());

  it('moves a poison message to the DLQ after its receives, while good messages of the same batch are stored', async () => {
    const community = await communityWithGroup(deps, freshGroupId());
    const marker = randomUUID();
    const good: InboundMessage = {
      community_id: community.id,
      group_id: community.group_id as string,
      provider: 'waha',
      provider_message_id: `3EB0${marker.slice(0, 8)}`,
      sender_id: '972501234567@c.us',
      sender_name: 'Dana Levi',
      timestamp: new Date().toISOString(),
      text: 'A perfectly normal message',
      reply_to: null,
      media_type: null,
    };
    const poisons = [`{"not json ${marker}`, JSON.stringify({ marker, community_id: 'x' })];
    for (const body of [...poisons, JSON.stringify(good)]) {
      await sqs.send(new SendMessageCommand({ QueueUrl: urls.ingest.url, MessageBody: body }));
    }

    await expect
      .poll(() => getMessageById(deps.db, community.id, messageIdFor(good.group_id, good.provider_message_id)), {
        timeout: 15_000,
      })
      .not.toBeNull();

    const inDlq = new Set<string>();
    await expect
      .poll(
        async () => {
          const res = await sqs.send(
            new ReceiveMessageCommand({ QueueUrl: urls.ingest.dlqUrl, MaxNumberOfMessages: 10, VisibilityTimeout: 0 }),
          );
          for (const m of res.Messages ?? []) if (m.Body?.includes(marker)) inDlq.add(m.Body);
          return inDlq.size;
        },
        { timeout: 25_000, interval: 500 },
      )
      .toBe(2);
    expect([...inDlq].sort()).toEqual([...poisons].sort());
  });
});
