import type { Config } from '../../core/config';
import type { Db } from '../../data/db';
import type { WhatsAppSender } from './sender';

/** Outbound WhatsApp: the configured gateway provider in the cloud, the outbox locally. */
export function createWhatsAppSender(_config: Config, _db: Db): WhatsAppSender {
  throw new Error('the WhatsApp sender is not wired yet (functions/src/adapters/whatsapp/index.ts)');
}
