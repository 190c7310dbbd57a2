import type { WhatsAppProvider } from '@kehila/shared';

/**
 * The gateway's API: sends a text to a WhatsApp group (bot replies, summaries; locally, the outbox)
 * and reads a group's participant list.
 */
export interface WhatsAppSender {
  /** `communityId` is null for a group no community owns yet (the bot answering a connect code). */
  send(input: { communityId: string | null; groupId: string; text: string }): Promise<void>;
  /**
   * The group's current participants without the bot itself, or null when no gateway is configured
   * to read it. Locally, the simulated group's people.
   */
  participants?(groupId: string): Promise<readonly ProviderParticipant[] | null>;
}

/**
 * One group message as a provider reports it, normalised but not yet tied to a community (the
 * webhook service resolves the community from `group_id`). The fields are those of
 * `InboundMessage` except `community_id` and `provider`.
 */
export interface ProviderMessage {
  readonly group_id: string;
  /** The provider's id of the message (the WhatsApp message key id where the provider exposes it). */
  readonly provider_message_id: string;
  /** `…@c.us` or `…@lid`, as given (Baileys' `@s.whatsapp.net` is the same id and becomes `@c.us`). */
  readonly sender_id: string;
  readonly sender_name: string | null;
  /** ISO-8601 UTC. */
  readonly timestamp: string;
  readonly text: string;
  /** The provider's id of the quoted message, when this one is a reply. */
  readonly reply_to: string | null;
  readonly media_type: string | null;
  /**
   * The sender's phone id (`…@c.us`) when the provider gives it beside an `@lid` sender (Baileys'
   * `participantPn` / `participantAlt`): the two ids are one person (docs/members.md, identity merge).
   */
  readonly sender_phone_id?: string | null;
}

/** The bot was added to a group (or joined it): a chance to complete a pending connection. */
export interface ProviderBotAdded {
  readonly groupId: string;
  /** Who added the bot, when the provider says (`…@c.us`); '' when unknown. */
  readonly senderId: string;
  readonly groupName: string | null;
}

/** What happened to some participants of a group (WhatsApp's add/remove/promote/demote notifications). */
export type ParticipantAction = 'join' | 'leave' | 'promote' | 'demote';

/** A person of a group as a provider names them: one id, and the phone id when the provider gives both. */
export interface ProviderParticipant {
  /** `…@c.us` or `…@lid`, normalised like a sender id. */
  readonly id: string;
  /** The phone id (`…@c.us`) of an `@lid` participant, when given; null otherwise. */
  readonly phoneId: string | null;
  readonly name: string | null;
  /** True for a group admin (participant lists and promote/demote events); null when not said. */
  readonly admin: boolean | null;
}

/** A participant event of a group (provider-neutral). */
export interface ProviderParticipantEvent {
  readonly groupId: string;
  readonly action: ParticipantAction;
  readonly participants: readonly ProviderParticipant[];
  /** ISO-8601 UTC of the event when the provider says; null when it does not (the receiver's clock is used). */
  readonly timestamp: string | null;
}

/** What a webhook body holds for us. */
export interface ParsedWebhook {
  readonly messages: ProviderMessage[];
  readonly botAdded: ProviderBotAdded[];
  /** Participant events of groups (joins, leaves, promotions); the bot's own join is in `botAdded` too. */
  readonly participants: ProviderParticipantEvent[];
  /** Events we do not store: direct chats, acks, reactions, status updates, our own API sends... */
  readonly ignored: number;
}

/** A request as the gateway sent it: the exact body bytes (signatures cover them) and lower-cased headers. */
export interface WebhookRequest {
  readonly rawBody: Buffer;
  readonly headers: Readonly<Record<string, string>>;
}

/** What a webhook delivery turned out to be. */
export type WebhookVerdict =
  /** Authenticated and parsed. */
  | { readonly kind: 'ok'; readonly parsed: ParsedWebhook }
  /** The signature or token is missing or wrong: nothing in the body may be trusted. */
  | { readonly kind: 'unauthenticated'; readonly reason: string }
  /** Authenticated, but not an event of the provider it was posted for. */
  | { readonly kind: 'malformed'; readonly reason: string };

/** The WhatsApp gateways' webhooks: authentication, then parsing, per provider. */
export interface WhatsAppInbound {
  /** Authenticates a delivery (before anything in its body is trusted), then parses it. */
  receive(provider: WhatsAppProvider, request: WebhookRequest): Promise<WebhookVerdict>;
  /** Meta's subscription handshake: the challenge to echo, or null when the verify token does not match. */
  verifySubscription(query: Readonly<Record<string, string>>): Promise<string | null>;
}
