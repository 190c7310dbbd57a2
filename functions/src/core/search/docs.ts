import { createHash } from 'node:crypto';
import { UrgencySchema, type Message } from '@kehila/shared';
import type { Config } from '../config';
import type { AiPort } from '../ports/ai';
import type { SearchDoc } from '../ports/search';

/** The search document of a stored message (the index keeps what the filters and ranking need). */
export function searchDocOf(communityId: string, m: Message): SearchDoc {
  return {
    communityId,
    msgId: m.msg_id,
    timestamp: m.timestamp,
    content: m.content ?? '',
    sender_name: m.Sender_name,
    sender_hash: m.sender_hash,
    topic: m.topic,
    urgency: m.urgency,
    keywords: m.keywords ?? [],
  };
}

/**
 * The search document of a raw message item, read leniently: the rebuild must not stop at one odd
 * item. Null when the item has no id or timestamp.
 */
export function searchDocOfItem(communityId: string, item: Record<string, unknown>): SearchDoc | null {
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  const msgId = str(item.msg_id);
  const timestamp = str(item.timestamp);
  if (!msgId || !timestamp || Number.isNaN(Date.parse(timestamp))) return null;
  const urgency = UrgencySchema.safeParse(item.urgency);
  return {
    communityId,
    msgId,
    timestamp,
    content: str(item.content) ?? '',
    sender_name: str(item.Sender_name),
    sender_hash: str(item.sender_hash),
    topic: str(item.topic),
    urgency: urgency.success ? urgency.data : null,
    keywords: Array.isArray(item.keywords) ? item.keywords.filter((k): k is string => typeof k === 'string') : [],
  };
}

/** Whether a message has text worth embedding (media without a caption has none). */
export function hasText(content: string | null | undefined): content is string {
  return typeof content === 'string' && content.trim() !== '';
}

/** A short digest of the embedded text: a changed message is embedded again, an unchanged one is not. */
export function textHash(content: string): string {
  return createHash('sha256').update(content, 'utf8').digest('base64url').slice(0, 22);
}

/**
 * What a version is scoped to besides the model: the OpenSearch index holding the vectors. A new
 * `SEARCH_INDEX` (a mapping or dimension change) therefore moves every community's version, and the
 * walk re-indexes each community into the new index. The local engine keeps its vectors in the
 * table, so it needs no scope.
 */
export function versionScope(config: Config): string {
  return config.search?.endpoint ? `@${config.search.index}` : '';
}

/**
 * The embedding version of a community: the AI provider's own (`embeddingVersion`, which the local
 * provider moves when it rebuilds its corpus-trained model), else the provider's name and
 * dimension; then `scope`. Vectors of different versions are never compared; a moved version
 * re-embeds the community (docs/search.md).
 */
export async function embeddingVersion(ai: AiPort, communityId: string, scope = ''): Promise<string> {
  const base = ai.embeddingVersion ? await ai.embeddingVersion(communityId) : `${ai.name}:${ai.embeddingDimensions}`;
  return `${base}${scope}`;
}

/**
 * Embeds texts and says which embedding version made the vectors: the provider's own answer (plus
 * `scope`) when it has `embedVersioned` (its space may move between two calls), else `expected`.
 */
export async function embedWithVersion(
  ai: AiPort,
  texts: readonly string[],
  context: { communityId: string; purpose: 'document' | 'query' },
  expected: string,
  scope = '',
): Promise<{ version: string; vectors: number[][] }> {
  if (ai.embedVersioned) {
    const made = await ai.embedVersioned(texts, context);
    return { version: `${made.version}${scope}`, vectors: made.vectors };
  }
  return { version: expected, vectors: await ai.embed(texts, context) };
}
