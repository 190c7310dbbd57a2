/**
 * The local AI provider: offline, deterministic classical NLP (ARCHITECTURE §5 "AI without a
 * network"). Classification is pure CPU per message; what it learns from a community (the corpus
 * log, document-frequency snapshots, embedding-model snapshots) lives in the table through a
 * `ModelStore`, read through short per-process caches.
 */
import type { Message, SuggestedAction } from '@kehila/shared';
import { logger } from '../../../core/logger';
import type {
  AiClusterInput,
  AiCommunityContext,
  AiInputMessage,
  AiMemberProfile,
  AiPort,
  DetectedOpportunity,
  Enrichment,
  SuggestedPartnership,
  SummaryDraft,
} from '../../../core/ports/ai';
import { generateActionLocal, suggestActionsLocal } from './actions';
import { labelClusterLocal } from './clusters';
import { detectOpportunitiesLocal, matchPartnersLocal } from './business';
import { EMPTY_DF, foldBatches, parseDf, serializeDf, type DfSnapshot } from './df';
import {
  BASE_MODEL,
  buildModel,
  embedText,
  LOCAL_EMBEDDING_DIMENSIONS,
  parseModel,
  serializeModel,
  targetModelVersion,
  versionString,
  type EmbeddingModel,
} from './embedding';
import { labelMessage, type MessageLabels } from './enrich';
import { pickKeywords } from './keywords';
import type { AiState, ModelStore } from './model-store';
import { summarizeLocal } from './summary';

/** Options of the local provider. */
export interface LocalAiOptions {
  readonly store: ModelStore;
  readonly now?: () => Date;
  /** How long a process trusts a community's state (snapshot versions). */
  readonly stateTtlMs?: number;
  /** The most keywords of a message (about half its candidates are shown, at most this many). */
  readonly keywordsPerMessage?: number;
}

const LEASE_MS = 5 * 60_000;
/** Corpus batches younger than this are not folded yet: a writer that read the clock before us may still be writing. */
const FOLD_LAG_MS = 2 * 60_000;
/** A new df snapshot once the community grew by this share of its folded messages (and at least DF_MIN_NEW)… */
const DF_GROWTH = 0.25;
const DF_MIN_NEW = 40;
/** …and not more often than this: a busy community folds a few minutes of messages at a time. */
const DF_MIN_INTERVAL_MS = 5 * 60_000;
const BUILD_MAX_DOCS = 20_000;
const CACHE_SIZE = 32;
const PIN_MS = 5 * 60_000;
const CORPUS_TERMS_PER_DOC = 24;

function remember<V>(cache: Map<string, V>, key: string, value: V): V {
  if (cache.size >= CACHE_SIZE && !cache.has(key)) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
  return value;
}

/** The local provider (see the module comment). */
export class LocalAiPort implements AiPort {
  readonly name = 'local' as const;
  readonly embeddingDimensions = LOCAL_EMBEDDING_DIMENSIONS;
  private readonly store: ModelStore;
  private readonly now: () => Date;
  private readonly stateTtlMs: number;
  private readonly keywordsPerMessage: number;
  private readonly states = new Map<string, { state: AiState; at: number }>();
  private readonly pins = new Map<string, { version: number; at: number }>();
  private readonly dfs = new Map<string, DfSnapshot>();
  private readonly models = new Map<string, EmbeddingModel>();

  constructor(opts: LocalAiOptions) {
    this.store = opts.store;
    this.now = opts.now ?? (() => new Date());
    this.stateTtlMs = opts.stateTtlMs ?? 30_000;
    this.keywordsPerMessage = opts.keywordsPerMessage ?? 3;
  }

  async enrich(messages: readonly AiInputMessage[], context: { communityId: string }): Promise<Enrichment[]> {
    const { communityId } = context;
    const labels: MessageLabels[] = messages.map((m) => labelMessage(m.text ?? ''));

    // the batch for the corpus log: one line of distinct terms per message, and their forms
    const batchDf = new Map<string, number>();
    const formVotes = new Map<string, Map<string, number>>();
    const lines: string[] = [];
    for (const l of labels) {
      if (l.terms.length === 0 && l.concepts.length === 0) continue;
      for (const t of l.terms) {
        batchDf.set(t.term, (batchDf.get(t.term) ?? 0) + 1);
        const votes = formVotes.get(t.term) ?? new Map<string, number>();
        votes.set(t.display, (votes.get(t.display) ?? 0) + 1);
        formVotes.set(t.term, votes);
      }
      for (const c of l.concepts) batchDf.set(c, (batchDf.get(c) ?? 0) + 1);
      lines.push([...l.terms.map((t) => t.term), ...l.concepts].slice(0, CORPUS_TERMS_PER_DOC).join('|'));
    }
    const forms: Record<string, string> = {};
    for (const [t, votes] of formVotes) {
      forms[t] = [...votes].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0]![0];
    }

    let total = 0;
    if (lines.length > 0) {
      try {
        total = await this.store.append(communityId, { docs: lines.length, lines, forms }, this.now());
      } catch (err) {
        // keywords then rank on this batch and the last snapshot; the messages are still enriched
        logger.warn('local AI: could not append to the corpus log', { communityId, error: err as Error });
      }
    }
    const snap = await this.dfSnapshot(communityId).catch((err: unknown) => {
      logger.warn('local AI: could not read document frequencies', { communityId, error: err as Error });
      return EMPTY_DF;
    });

    const out = labels.map<Enrichment>((l) => ({
      topic: l.topic,
      keywords: pickKeywords(
        l.candidates,
        {
          docs: snap.docs + lines.length,
          df: (t) => (snap.df.get(t) ?? 0) + (batchDf.get(t) ?? 0),
          form: (t) => snap.forms.get(t),
        },
        this.keywordsPerMessage,
      ),
      urgency: l.urgency,
      sentiment: l.sentiment,
      emotion: l.emotion,
      intent: l.intent,
      toxicity: l.toxicity,
      action_items: l.action_items,
    }));
    if (total > 0) await this.maintain(communityId, total);
    return out;
  }

  async embed(
    texts: readonly string[],
    context: { communityId: string; purpose: 'document' | 'query' },
  ): Promise<number[][]> {
    return (await this.embedVersioned(texts, context)).vectors;
  }

  async embedVersioned(
    texts: readonly string[],
    context: { communityId: string; purpose: 'document' | 'query' },
  ): Promise<{ version: string; vectors: number[][] }> {
    const { communityId } = context;
    let version = await this.currentVersion(communityId, false);
    let model = await this.model(communityId, version);
    if (!model) {
      // the pinned model was replaced twice since (a fast import): embed with the current one and say so
      this.pins.delete(communityId);
      version = (await this.state(communityId, true)).emb.version;
      model = await this.model(communityId, version);
      if (!model) throw new Error(`local AI: embedding model ${version} of ${communityId} is missing`);
    }
    const m = model;
    return { version: versionString(version), vectors: texts.map((t) => embedText(t, m)) };
  }

  async embeddingVersion(communityId: string): Promise<string> {
    return versionString(await this.currentVersion(communityId, true));
  }

  async summarize(input: {
    messages: readonly Message[];
    community: AiCommunityContext;
    lastSummary: string | null;
  }): Promise<SummaryDraft> {
    return summarizeLocal(input);
  }

  async generateAction(input: { message_content: string; Sender_name: string | null; topic: string | null }) {
    return generateActionLocal(input);
  }

  async suggestActions(input: {
    messages: readonly Message[];
    community: AiCommunityContext;
  }): Promise<SuggestedAction[]> {
    return suggestActionsLocal(input.messages);
  }

  async detectOpportunities(input: {
    messages: readonly AiInputMessage[];
    members: readonly AiMemberProfile[];
    communityId: string;
  }): Promise<DetectedOpportunity[]> {
    return detectOpportunitiesLocal(input.messages, input.members);
  }

  async matchPartners(input: {
    members: readonly AiMemberProfile[];
    max: number;
    communityId: string;
  }): Promise<SuggestedPartnership[]> {
    return matchPartnersLocal(input.members, input.max);
  }

  async labelClusters(input: { clusters: readonly AiClusterInput[]; communityId: string }): Promise<string[]> {
    return input.clusters.map(labelClusterLocal);
  }

  /**
   * The model version to embed with. `embeddingVersion` pins what it returned for a few minutes so
   * that the vectors an indexer makes right after asking belong to the version it was told.
   */
  private async currentVersion(communityId: string, pin: boolean): Promise<number> {
    const nowMs = this.now().getTime();
    const pinned = this.pins.get(communityId);
    if (!pin && pinned && nowMs - pinned.at < PIN_MS) return pinned.version;
    const version = (await this.state(communityId)).emb.version;
    if (pin) this.pins.set(communityId, { version, at: nowMs });
    return version;
  }

  private async state(communityId: string, fresh = false): Promise<AiState> {
    const nowMs = this.now().getTime();
    const cached = this.states.get(communityId);
    if (!fresh && cached && nowMs - cached.at < this.stateTtlMs) return cached.state;
    const state = await this.store.state(communityId);
    remember(this.states, communityId, { state, at: nowMs });
    return state;
  }

  private async dfSnapshot(communityId: string): Promise<DfSnapshot> {
    const { df } = await this.state(communityId);
    if (df.version === 0) return EMPTY_DF;
    const cached = this.dfs.get(communityId);
    if (cached && cached.version >= df.version) return cached;
    const parts = await this.store.loadSnapshot(communityId, 'df', df.version);
    // a snapshot replaced and deleted while we read it comes back short: keep what we had
    if (parts.length !== df.parts) return cached ?? EMPTY_DF;
    return remember(this.dfs, communityId, parseDf(parts));
  }

  /** The model of a version, or undefined when it is no longer stored. */
  private async model(communityId: string, version: number): Promise<EmbeddingModel | undefined> {
    if (version === 0) return BASE_MODEL;
    const key = `${communityId}#${version}`;
    const cached = this.models.get(key);
    if (cached) return cached;
    const parts = await this.store.loadSnapshot(communityId, 'emb', version);
    if (parts.length === 0) return undefined;
    return remember(this.models, key, parseModel(parts));
  }

  /**
   * Keeps the learned state current: folds the corpus log into a new document-frequency snapshot
   * when the community grew by a quarter, and builds the next embedding model when its message
   * count doubled. Failures are logged; the lease expires and a later batch does the work.
   */
  private async maintain(communityId: string, total: number): Promise<void> {
    try {
      let state = await this.state(communityId);
      const now = this.now();
      const pending = total - state.df.docs;
      if (
        pending >= Math.max(DF_MIN_NEW, state.df.docs * DF_GROWTH) &&
        now.getTime() - state.df.builtAt >= DF_MIN_INTERVAL_MS
      ) {
        const next = state.df.version + 1;
        if (await this.store.claim(communityId, 'df', next, now, LEASE_MS)) {
          const base = await this.dfSnapshot(communityId);
          const cutoff = new Date(now.getTime() - FOLD_LAG_MS).toISOString();
          const batches = await this.store.corpusBetween(communityId, state.df.watermark, cutoff);
          if (batches.length === 0) await this.store.release(communityId, 'df');
          else {
            const snap = foldBatches(base, batches, next);
            await this.store.saveSnapshot(
              communityId,
              'df',
              next,
              serializeDf(snap),
              { docs: snap.docs, watermark: batches[batches.length - 1]!.key },
              now,
            );
            remember(this.dfs, communityId, snap);
          }
        }
        state = await this.state(communityId, true);
      }
      const target = targetModelVersion(total);
      if (target > state.emb.version) {
        if (await this.store.claim(communityId, 'emb', target, now, LEASE_MS)) {
          const df = await this.dfSnapshot(communityId);
          const corpus = await this.store.recentCorpus(communityId, BUILD_MAX_DOCS, now);
          const terms = [...df.df].filter(([, n]) => n >= 2);
          const model = buildModel({ version: target, docs: df.docs || corpus.length, terms, corpus });
          await this.store.saveSnapshot(
            communityId,
            'emb',
            target,
            serializeModel(model),
            { docs: total, watermark: null },
            now,
          );
          remember(this.models, `${communityId}#${target}`, model);
          logger.info('local AI: embedding model built', {
            communityId,
            version: target,
            docs: total,
            terms: terms.length,
          });
        }
        await this.state(communityId, true);
      }
    } catch (err) {
      logger.warn('local AI: model maintenance failed', { communityId, error: err as Error });
    }
  }
}
