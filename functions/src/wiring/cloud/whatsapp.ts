import { loadWhatsAppSecrets } from '../../adapters/whatsapp/secrets';
import { gatewaySender } from '../../adapters/whatsapp/sender';
import { whatsAppInbound } from '../../adapters/whatsapp/webhooks';
import type { Wiring } from '../deps';

/** Outbound WhatsApp through the configured gateway, logged in the outbox. */
export const gatewayWhatsApp: NonNullable<Wiring['whatsapp']> = ({ config, db, ports }) =>
  gatewaySender(config, db, () => loadWhatsAppSecrets(ports.secrets, config.stage));

/** The four gateways' webhooks, verified with the WhatsApp secret. */
export const gatewayInbound: NonNullable<Wiring['inbound']> = ({ config, ports }) =>
  whatsAppInbound(() => loadWhatsAppSecrets(ports.secrets, config.stage));
