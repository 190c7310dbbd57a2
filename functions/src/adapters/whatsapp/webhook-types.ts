import type { WhatsAppProvider } from '@kehila/shared';
import type { ParsedWebhook, ProviderParticipant, WebhookRequest } from '../../core/ports/whatsapp';
import type { WebhookSecrets } from './secrets';

/** The outcome of checking a webhook's authentication. */
export type AuthCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** A provider's webhook: authentication first, then parsing. */
export interface WebhookAdapter {
  readonly provider: WhatsAppProvider;
  /** Checks the provider's signature or token; must run before anything in the body is trusted. */
  verify(request: WebhookRequest, secrets: WebhookSecrets): AuthCheck;
  /** Normalises a verified body; throws `MalformedWebhookError` with a reason the provider's logs can show. */
  parse(body: unknown): ParsedWebhook;
}

/** A body that is not an event of the provider it was posted for (answered 400 with the reason). */
export class MalformedWebhookError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'MalformedWebhookError';
  }
}

/** An empty parse result plus `ignored` events. */
export function nothing(ignored = 1): ParsedWebhook {
  return { messages: [], botAdded: [], participants: [], ignored };
}

/** Merges several parse results (providers that batch events in one body). */
export function merge(parts: readonly ParsedWebhook[]): ParsedWebhook {
  return {
    messages: parts.flatMap((p) => p.messages),
    botAdded: parts.flatMap((p) => p.botAdded),
    participants: parts.flatMap((p) => p.participants),
    ignored: parts.reduce((n, p) => n + p.ignored, 0),
  };
}

/** A plain object, or null. */
export function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** A non-empty string, or null. */
export function str(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** Reads a nested property path of unknown JSON. */
export function at(value: unknown, ...path: string[]): unknown {
  let cur: unknown = value;
  for (const p of path) {
    const r = asRecord(cur);
    if (!r) return undefined;
    cur = r[p];
  }
  return cur;
}

/** True for a WhatsApp group chat id. */
export function isGroupId(chatId: string | null | undefined): chatId is string {
  return typeof chatId === 'string' && chatId.endsWith('@g.us');
}

/**
 * A person's WhatsApp id in one form across providers: Baileys' `…@s.whatsapp.net` and WhatsApp
 * Web's `…@c.us` are the same account, so both become `…@c.us`; device suffixes (`:12`) are dropped;
 * `…@lid` (a privacy id with no phone number) stays as it is; bare digits (Meta) get `@c.us`.
 */
export function normaliseUserId(id: string): string {
  const trimmed = id.trim();
  if (/^\+?\d+$/.test(trimmed)) return `${trimmed.replace('+', '')}@c.us`;
  const at = trimmed.lastIndexOf('@');
  if (at < 0) return trimmed;
  const user = trimmed.slice(0, at).replace(/:\d+$/, '');
  const host = trimmed.slice(at + 1);
  return `${user}@${host === 's.whatsapp.net' ? 'c.us' : host}`;
}

/**
 * An ISO timestamp from a provider's epoch value: seconds or milliseconds, as a number, a numeric
 * string, or protobuf's `{ low, high }` long. Throws on anything else.
 */
export function epochToIso(value: unknown): string {
  let n: number | null = null;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value)) n = Number(value);
  else {
    const r = asRecord(value);
    if (r && typeof r.low === 'number') n = (r.low >>> 0) + (typeof r.high === 'number' ? r.high : 0) * 2 ** 32;
  }
  if (n === null || !Number.isFinite(n) || n <= 0)
    throw new MalformedWebhookError('timestamp is missing or not a number');
  const ms = n > 1e12 ? n : n * 1000;
  return new Date(Math.round(ms)).toISOString();
}

/** A media kind from a MIME type (image, video, audio, document; stickers are webp images). */
export function mediaFromMime(mime: string | null | undefined): string | null {
  if (!mime) return null;
  const m = mime.toLowerCase();
  if (m.startsWith('image/')) return 'image';
  if (m.startsWith('video/')) return 'video';
  if (m.startsWith('audio/')) return 'audio';
  return 'document';
}

/**
 * A participant as providers list them: a bare id string, or an object with `id` (Meta: `wa_id`) and, for an `@lid`
 * id, the phone id under one of Baileys' / WAHA's names (`pn`, `phoneNumber`, `jid`). Null without an id.
 */
export function participantOf(value: unknown): ProviderParticipant | null {
  const bare = str(value);
  // Meta's Groups API names a participant by `wa_id` (phone digits; empty when it gives only a BSUID).
  const id = bare ?? str(at(value, 'id')) ?? str(at(value, 'lid')) ?? str(at(value, 'wa_id'));
  if (!id) return null;
  const phone = bare ? null : (str(at(value, 'pn')) ?? str(at(value, 'phoneNumber')) ?? str(at(value, 'jid')));
  const normalised = normaliseUserId(id);
  const phoneId = phone ? normaliseUserId(phone) : null;
  const role = bare ? null : (str(at(value, 'role')) ?? str(at(value, 'admin')));
  const isAdmin = bare ? null : at(value, 'isAdmin');
  return {
    id: normalised,
    phoneId: phoneId && phoneId !== normalised && phoneId.endsWith('@c.us') ? phoneId : null,
    name: bare ? null : (str(at(value, 'name')) ?? str(at(value, 'pushName')) ?? str(at(value, 'notify'))),
    admin:
      typeof isAdmin === 'boolean'
        ? isAdmin || at(value, 'isSuperAdmin') === true
        : role === null
          ? null
          : role === 'admin' || role === 'superadmin',
  };
}

/** The participants of an event or a list, without the bot itself (`me`), which is no member. */
export function participantsOf(list: unknown, me: string | null): ProviderParticipant[] {
  const mine = me ? normaliseUserId(me) : null;
  const out: ProviderParticipant[] = [];
  for (const p of Array.isArray(list) ? list : []) {
    const parsed = participantOf(p);
    if (parsed && parsed.id !== mine && parsed.phoneId !== mine) out.push(parsed);
  }
  return out;
}
