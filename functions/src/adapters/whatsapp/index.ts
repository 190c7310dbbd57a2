import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { WhatsAppProviderSchema, type WhatsAppProvider } from '@kehila/shared';
import type { Config } from '../../core/config';
import { logger } from '../../core/logger';
import type { Db } from '../../data/db';
import { keys } from '../../data/keys';
import { sendThroughGateway } from './gateway-send';
import { loadWhatsAppSecrets, type WhatsAppSecrets } from './secrets';
import type { WhatsAppSender } from './sender';

/** An outbox item: what was sent (or, locally, what would have been sent) to a group. */
async function record(
  db: Db,
  input: { communityId: string; groupId: string; text: string },
  outcome: { status: 'local' | 'sent' | 'failed'; provider: WhatsAppProvider | 'local'; error?: string },
): Promise<void> {
  const createdAt = new Date().toISOString();
  const id = randomUUID();
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...keys.outbox(input.communityId, createdAt, id),
        entity: 'outbox',
        id,
        community_id: input.communityId,
        group_id: input.groupId,
        text: input.text,
        created_at: createdAt,
        ...outcome,
      },
    }),
  );
}

/** The provider that sends: WHATSAPP_SEND_PROVIDER, else the first one with send credentials. */
function sendProvider(config: Config, secrets: WhatsAppSecrets): WhatsAppProvider | null {
  const named = WhatsAppProviderSchema.safeParse(config.whatsapp?.sendProvider);
  if (named.success) return named.data;
  if (secrets.waha?.baseUrl) return 'waha';
  if (secrets.green?.idInstance) return 'green';
  if (secrets.evolution?.baseUrl) return 'evolution';
  if (secrets.meta?.phoneNumberId) return 'meta';
  return null;
}

/**
 * Outbound WhatsApp. Locally nothing leaves the machine: each message becomes an outbox item
 * (visible in the app) and a console line. In the cloud the configured gateway sends it, and the
 * outbox item is the send log (status sent or failed).
 */
export function createWhatsAppSender(config: Config, db: Db): WhatsAppSender {
  if (config.stage === 'local') {
    return {
      async send(input) {
        await record(db, input, { status: 'local', provider: 'local' });
        console.log(`[whatsapp outbox] to ${input.groupId} (community ${input.communityId}):\n${input.text}`);
      },
    };
  }
  return {
    async send(input) {
      const secrets = await loadWhatsAppSecrets(config);
      const provider = sendProvider(config, secrets);
      if (!provider)
        throw new Error('WhatsApp sending is not configured: no gateway credentials in the WhatsApp secret');
      try {
        await sendThroughGateway(provider, secrets, { groupId: input.groupId, text: input.text });
      } catch (err) {
        await record(db, input, { status: 'failed', provider, error: (err as Error).message }).catch(() => undefined);
        throw err;
      }
      await record(db, input, { status: 'sent', provider }).catch((err: unknown) =>
        logger.warn('sent, but the outbox log was not written', { error: err as Error }),
      );
    },
  };
}
