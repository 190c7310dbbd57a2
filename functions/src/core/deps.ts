import type { Config } from './config';
import type { Db } from '../data/db';
import type { AiPort } from './ports/ai';
import type { ProfileEnrichmentPort } from './ports/enrichment';
import type { IdentityPort } from './ports/identity';
import type { PaymentsPort } from './ports/payments';
import type { QueueClient } from './ports/queues';
import type { RealtimePort } from './ports/realtime';
import type { SearchPort } from './ports/search';
import type { SecretsPort } from './ports/secrets';
import type { SheetsPort } from './ports/sheets';
import type { ObjectStore } from './ports/storage';
import type { WhatsAppInbound, WhatsAppSender } from './ports/whatsapp';

/**
 * The ports core services reach the outside world through. Core declares them and never imports an
 * adapter: a composition root (functions/src/wiring for the cloud, its `local.ts` for the local
 * stack and the tests) decides which adapter serves each, and each Lambda wires only the ports its
 * routes or queue use (docs/architecture.md).
 */
export interface Ports {
  readonly queues: QueueClient;
  readonly ai: AiPort;
  readonly search: SearchPort;
  readonly realtime: RealtimePort;
  readonly storage: ObjectStore;
  /** Outbound WhatsApp messages (bot replies, summaries). */
  readonly whatsapp: WhatsAppSender;
  /** The gateways' webhooks: authentication and parsing. */
  readonly inbound: WhatsAppInbound;
  readonly secrets: SecretsPort;
  readonly payments: PaymentsPort;
  /** The user pool's public sign-up and password-reset calls. */
  readonly identity: IdentityPort;
  /** Summary spreadsheets (scheduled delivery). */
  readonly sheets: SheetsPort;
  /** Public professional profiles (LinkedIn enrichment). */
  readonly enrichment: ProfileEnrichmentPort;
}

/** The name of a port. */
export type PortName = keyof Ports;

/** What handlers and services receive: configuration, the table, the clock and the ports. */
export interface Deps extends Ports {
  readonly config: Config;
  readonly db: Db;
  readonly now: () => Date;
}
