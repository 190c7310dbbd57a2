import { randomUUID } from 'node:crypto';
import { WhatsAppProviderSchema, type WhatsAppProvider } from '@kehila/shared';
import type { Config } from '../../core/config';
import { logger } from '../../core/logger';
import type { WhatsAppSender } from '../../core/ports/whatsapp';
import type { Db } from '../../data/db';
import { recordOutbox, type OutboxItem } from '../../data/outbox';
import { readParticipantsThroughGateway } from './gateway-participants';
import { sendThroughGateway } from './gateway-send';
import { SIMULATED_GROUP_PEOPLE } from './payloads';
import type { WhatsAppSecrets } from './secrets';

type Outgoing = { communityId: string | null; groupId: string; text: string };

function outboxItem(input: Outgoing, outcome: Pick<OutboxItem, 'status' | 'provider' | 'error'>): OutboxItem {
  return { id: randomUUID(), createdAt: new Date().toISOString(), ...input, ...outcome };
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
 * Outbound WhatsApp in the cloud: the configured gateway sends each message, and an outbox item is
 * the send log (status sent or failed).
 */
export function gatewaySender(config: Config, db: Db, secrets: () => Promise<WhatsAppSecrets>): WhatsAppSender {
  return {
    async send(input) {
      const s = await secrets();
      const provider = sendProvider(config, s);
      if (!provider)
        throw new Error('WhatsApp sending is not configured: no gateway credentials in the WhatsApp secret');
      try {
        await sendThroughGateway(provider, s, { groupId: input.groupId, text: input.text });
      } catch (err) {
        await recordOutbox(db, outboxItem(input, { status: 'failed', provider, error: (err as Error).message })).catch(
          () => undefined,
        );
        throw err;
      }
      await recordOutbox(db, outboxItem(input, { status: 'sent', provider })).catch((err: unknown) =>
        logger.warn('sent, but the outbox log was not written', { error: err as Error }),
      );
    },
    async participants(groupId) {
      const s = await secrets();
      const provider = sendProvider(config, s);
      if (!provider) return null;
      return readParticipantsThroughGateway(provider, s, groupId);
    },
  };
}

/** Outbound WhatsApp on the local stack: nothing leaves the machine; each message is an outbox item and a console line. */
export function localOutboxSender(db: Db): WhatsAppSender {
  return {
    async send(input) {
      await recordOutbox(db, outboxItem(input, { status: 'local', provider: 'local' }));
      console.log(`[whatsapp outbox] to ${input.groupId} (community ${input.communityId}):\n${input.text}`);
    },
    // The local gateway is the traffic simulator: its group holds the simulated people.
    async participants() {
      return SIMULATED_GROUP_PEOPLE.map((p) => ({ id: p.id, phoneId: null, name: p.name, admin: false }));
    },
  };
}
