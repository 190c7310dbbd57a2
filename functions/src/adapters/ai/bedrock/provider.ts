/**
 * The Bedrock provider (production): a Claude model through the Converse API for enrichment (one
 * call per batch), summaries, generated and suggested actions, and a multilingual embedding model
 * through InvokeModel (Cohere Embed Multilingual v3, or Titan Text Embeddings v2). Structured output
 * comes through forced tool use and is validated with zod; an invalid result falls back to the local
 * provider for that message. Throttling and transient errors are retried with backoff.
 */
import {
  type BedrockRuntimeClient,
  ConverseCommand,
  InvokeModelCommand,
  type ContentBlock,
  type ConverseCommandOutput,
  type Tool,
} from '@aws-sdk/client-bedrock-runtime';
import * as z from 'zod';
import {
  EmotionSchema,
  IntentSchema,
  DEFAULT_SUMMARY_PROMPTS,
  SuggestedActionSchema,
  SUMMARY_ITEM_MAX_CITATIONS,
  SUMMARY_SECTION_MAX_ITEMS,
  UrgencySchema,
  type Message,
  type SuggestedAction,
  type SummaryItem,
} from '@kehila/shared';
import { logger } from '../../../core/logger';
import { embeddingDimensionsOf } from './models';
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
import { CLUSTER_SYSTEM, CLUSTER_TOOL, CLUSTER_TOOL_SCHEMA, clusterPrompt, parseClusterLabels } from './clusters';
import {
  memberDirectory,
  OPPORTUNITY_SYSTEM,
  OPPORTUNITY_TOOL,
  OPPORTUNITY_TOOL_SCHEMA,
  opportunityPrompt,
  PARTNER_SYSTEM,
  PARTNER_TOOL,
  PARTNER_TOOL_SCHEMA,
  parseOpportunities,
  parsePartnerships,
} from './business';
import {
  actionDetails,
  actionTitle,
  ACTION_TITLE_MAX,
  quickStatItems,
  summaryLanguage,
  summaryMarkdown,
} from '../conventions';
import { TOPIC_LABELS } from '../topics';
import {
  ACTION_TOOL,
  ACTION_TOOL_SCHEMA,
  ENRICH_SYSTEM,
  ENRICH_TOOL,
  ENRICH_TOOL_SCHEMA,
  enrichUserPrompt,
  fillTemplate,
  SUGGEST_TOOL,
  SUGGEST_TOOL_SCHEMA,
  summaryFormat,
  SUMMARY_TOOL,
  SUMMARY_TOOL_SCHEMA,
  transcript,
} from './prompts';

/** The summary tool's answer as the model may give it; citations are checked after. */
const SummaryToolInputSchema = z.object({
  overview: z.string().max(2000).default(''),
  key_topics: z.array(z.object({ text: z.string(), message_ids: z.array(z.string()) })).default([]),
  action_items: z.array(z.object({ text: z.string(), message_ids: z.array(z.string()) })).default([]),
  recommended_actions: z.array(z.object({ text: z.string(), message_ids: z.array(z.string()) })).default([]),
});

/**
 * Keeps the lines whose citations are messages of the period: an unknown id is dropped, and a line
 * left citing nothing is dropped (the model said something no message of the period carries).
 */
function keepCited(items: readonly { text: string; message_ids: string[] }[], ids: ReadonlySet<string>): SummaryItem[] {
  return items
    .map((i) => ({
      text: i.text.trim().slice(0, 1000),
      message_ids: [...new Set(i.message_ids.filter((id) => ids.has(id)))].slice(0, SUMMARY_ITEM_MAX_CITATIONS),
    }))
    .filter((i) => i.text && i.message_ids.length > 0)
    .slice(0, SUMMARY_SECTION_MAX_ITEMS);
}

/** Options of the Bedrock provider. */
export interface BedrockAiOptions {
  readonly client: BedrockRuntimeClient;
  readonly modelId: string;
  readonly embedModelId: string;
  /**
   * Used per message when the model's answer for it is invalid, and for whole calls it refuses. Only
   * the enrich worker carries one (the local provider, with its lexicons); elsewhere an invalid
   * answer is an error the caller reports.
   */
  readonly fallback?: Pick<AiPort, 'enrich' | 'generateAction' | 'suggestActions'>;
  /** Retries of throttled or transient failures (after the first attempt). */
  readonly retries?: number;
  readonly baseDelayMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
}

const RETRYABLE = new Set([
  'ThrottlingException',
  'ServiceUnavailableException',
  'ModelNotReadyException',
  'InternalServerException',
  'ModelTimeoutException',
  'TooManyRequestsException',
]);

/** Whether a Bedrock error is worth retrying (throttling and transient server errors). */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (RETRYABLE.has(err.name)) return true;
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === 429 || (status !== undefined && status >= 500);
}

const COHERE_BATCH = 96;
const COHERE_TEXT_MAX = 2048;
const TITAN_TEXT_MAX = 30_000;
const TITAN_CONCURRENCY = 8;

const EnrichmentResultSchema = z.object({
  i: z.number().int().nonnegative(),
  topic: z.enum(TOPIC_LABELS as unknown as [string, ...string[]]).nullable(),
  keywords: z
    .array(z.string().trim().min(1).max(60))
    .max(8)
    .transform((k) => k.slice(0, 5)),
  urgency: UrgencySchema,
  sentiment: z.number().min(-1).max(1),
  emotion: EmotionSchema,
  intent: IntentSchema,
  toxicity: z.number().min(0).max(1),
  action_items: z.array(z.string().trim().min(1)).max(10),
});

const ActionResultSchema = z.object({
  title: z.string().trim().min(1),
  details: z.string(),
  evidence: z.string().nullish(),
  assigned_to: z.string().nullish(),
});

const SuggestResultSchema = z.object({
  actions: z.array(
    z.object({
      title: z.string().trim().min(1),
      details: z.string().nullish(),
      evidence: z.string().nullish(),
      assigned_to: z.string().nullish(),
      priority: z.enum(['low', 'medium', 'high']),
      msg_id: z.string().nullish(),
    }),
  ),
});

function unit(v: readonly number[]): number[] {
  let n = 0;
  for (const x of v) n += x * x;
  if (n === 0) throw new Error('Bedrock returned a zero embedding');
  const inv = 1 / Math.sqrt(n);
  return v.map((x) => x * inv);
}

function toolInput(res: ConverseCommandOutput, name: string): unknown {
  const blocks: ContentBlock[] = res.output?.message?.content ?? [];
  for (const b of blocks) if (b.toolUse && b.toolUse.name === name) return b.toolUse.input;
  return undefined;
}

/** The Bedrock provider (see the module comment). */
export class BedrockAiPort implements AiPort {
  readonly name = 'bedrock' as const;
  readonly embeddingDimensions: number;
  private readonly o: Required<Omit<BedrockAiOptions, 'client' | 'fallback'>> &
    Pick<BedrockAiOptions, 'client' | 'fallback'>;

  constructor(opts: BedrockAiOptions) {
    this.o = {
      retries: 4,
      baseDelayMs: 400,
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
      ...opts,
    };
    this.embeddingDimensions = embeddingDimensionsOf(opts.embedModelId);
  }

  /** Sends a command, retrying throttling and transient errors with exponential backoff and jitter. */
  private async send<T>(fn: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fn();
      } catch (err) {
        if (!isRetryable(err) || attempt >= this.o.retries) throw err;
        const delay = this.o.baseDelayMs * 2 ** attempt * (0.5 + Math.random() / 2);
        logger.warn('bedrock: retrying', { attempt: attempt + 1, error: (err as Error).name });
        await this.o.sleep(delay);
      }
    }
  }

  private converse(input: {
    system: string;
    user: string;
    tool?: { name: string; description: string; schema: object };
    maxTokens: number;
  }) {
    const toolConfig = input.tool
      ? {
          tools: [
            {
              toolSpec: {
                name: input.tool.name,
                description: input.tool.description,
                inputSchema: { json: input.tool.schema },
              },
            } as Tool,
          ],
          toolChoice: { tool: { name: input.tool.name } },
        }
      : undefined;
    return this.send(() =>
      this.o.client.send(
        new ConverseCommand({
          modelId: this.o.modelId,
          system: [{ text: input.system }],
          messages: [{ role: 'user', content: [{ text: input.user }] }],
          inferenceConfig: { maxTokens: input.maxTokens, temperature: 0 },
          ...(toolConfig ? { toolConfig } : {}),
        }),
      ),
    );
  }

  async enrich(messages: readonly AiInputMessage[], context: { communityId: string }): Promise<Enrichment[]> {
    if (messages.length === 0) return [];
    let results = new Map<number, Enrichment>();
    try {
      const res = await this.converse({
        system: ENRICH_SYSTEM,
        user: enrichUserPrompt(messages),
        tool: { name: ENRICH_TOOL, description: 'Records the labels of every message.', schema: ENRICH_TOOL_SCHEMA },
        maxTokens: Math.min(8192, 400 + messages.length * 350),
      });
      results = parseEnrichments(toolInput(res, ENRICH_TOOL), messages.length);
    } catch (err) {
      // throttling that outlived the retries fails the batch (the queue redelivers it later);
      // anything else (access, validation, a refused model) falls back to the local labels
      if (isRetryable(err)) throw err;
      logger.error('bedrock: enrich call failed; local labels used', {
        communityId: context.communityId,
        error: err as Error,
      });
    }
    const missing = messages.map((_, i) => i).filter((i) => !results.has(i));
    if (missing.length > 0) {
      if (!this.o.fallback) throw new Error(`Bedrock returned no valid labels for ${missing.length} messages`);
      logger.warn('bedrock: invalid or missing labels; local labels used', {
        communityId: context.communityId,
        count: missing.length,
      });
      const local = await this.o.fallback.enrich(
        missing.map((i) => messages[i]!),
        context,
      );
      missing.forEach((i, k) => results.set(i, local[k]!));
    }
    return messages.map((_, i) => results.get(i)!);
  }

  async embed(
    texts: readonly string[],
    context: { communityId: string; purpose: 'document' | 'query' },
  ): Promise<number[][]> {
    if (texts.length === 0) return [];
    const id = this.o.embedModelId;
    if (id.includes('titan-embed')) {
      const out: number[][] = new Array(texts.length);
      let next = 0;
      const worker = async () => {
        while (next < texts.length) {
          const i = next++;
          out[i] = await this.titan(texts[i]!);
        }
      };
      await Promise.all(Array.from({ length: Math.min(TITAN_CONCURRENCY, texts.length) }, worker));
      return out;
    }
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += COHERE_BATCH) {
      const batch = texts.slice(i, i + COHERE_BATCH).map((t) => (t.trim() ? t.slice(0, COHERE_TEXT_MAX) : '.'));
      const res = await this.send(() =>
        this.o.client.send(
          new InvokeModelCommand({
            modelId: id,
            contentType: 'application/json',
            accept: 'application/json',
            body: JSON.stringify({
              texts: batch,
              input_type: context.purpose === 'query' ? 'search_query' : 'search_document',
              truncate: 'END',
            }),
          }),
        ),
      );
      const body = JSON.parse(new TextDecoder().decode(res.body)) as {
        embeddings?: number[][] | { float?: number[][] };
      };
      const vectors = Array.isArray(body.embeddings) ? body.embeddings : body.embeddings?.float;
      if (!vectors || vectors.length !== batch.length)
        throw new Error(`Cohere returned ${vectors?.length ?? 0} embeddings for ${batch.length} texts`);
      for (const v of vectors) {
        if (v.length !== this.embeddingDimensions)
          throw new Error(`Cohere returned ${v.length} dimensions, expected ${this.embeddingDimensions}`);
        out.push(unit(v));
      }
    }
    return out;
  }

  private async titan(text: string): Promise<number[]> {
    const v2 = this.o.embedModelId.includes('v2');
    const res = await this.send(() =>
      this.o.client.send(
        new InvokeModelCommand({
          modelId: this.o.embedModelId,
          contentType: 'application/json',
          accept: 'application/json',
          body: JSON.stringify({
            inputText: text.trim() ? text.slice(0, TITAN_TEXT_MAX) : '.',
            ...(v2 ? { dimensions: this.embeddingDimensions, normalize: true } : {}),
          }),
        }),
      ),
    );
    const body = JSON.parse(new TextDecoder().decode(res.body)) as { embedding?: number[] };
    if (!body.embedding || body.embedding.length !== this.embeddingDimensions) {
      throw new Error(`Titan returned ${body.embedding?.length ?? 0} dimensions, expected ${this.embeddingDimensions}`);
    }
    return unit(body.embedding);
  }

  async embeddingVersion(_communityId: string): Promise<string> {
    return `bedrock:${this.o.embedModelId}:${this.embeddingDimensions}`;
  }

  async embedVersioned(texts: readonly string[], context: { communityId: string; purpose: 'document' | 'query' }) {
    return { version: await this.embeddingVersion(context.communityId), vectors: await this.embed(texts, context) };
  }

  async summarize(input: {
    messages: readonly Message[];
    community: AiCommunityContext;
    lastSummary: string | null;
    prompts?: { system_prompt: string; user_prompt: string } | null;
  }): Promise<SummaryDraft> {
    const prompts = {
      system_prompt: input.prompts?.system_prompt?.trim() || DEFAULT_SUMMARY_PROMPTS.system_prompt,
      user_prompt: input.prompts?.user_prompt?.trim() || DEFAULT_SUMMARY_PROMPTS.user_prompt,
    };
    const c = input.community;
    const user = fillTemplate(prompts.user_prompt, {
      lastSummary: input.lastSummary ?? '(none)',
      messageData: transcript(input.messages),
      groupDescription: c.group_description ?? '',
      groupGoals: c.group_goals ?? '',
      adminNames: c.admin_name ?? '',
    });
    const res = await this.converse({
      system: `${prompts.system_prompt}\nCommunity: ${c.name}.`,
      user: `${user}\n\n${summaryFormat(c, input.messages)}`,
      tool: { name: SUMMARY_TOOL, description: 'Records the cited summary.', schema: SUMMARY_TOOL_SCHEMA },
      maxTokens: 3000,
    });
    const parsed = SummaryToolInputSchema.safeParse(toolInput(res, SUMMARY_TOOL));
    // no local fallback here: a summary the model did not write is not passed off as the model's
    if (!parsed.success) throw new Error('Bedrock returned an invalid summary');
    const ids = new Set(input.messages.map((m) => m.msg_id));
    const raw = parsed.data;
    const sections = {
      overview: raw.overview.trim(),
      key_topics: keepCited(raw.key_topics, ids),
      action_items: keepCited(raw.action_items, ids),
      recommended_actions: keepCited(raw.recommended_actions, ids),
      quick_stats: quickStatItems(
        input.messages
          .filter((m) => m.content?.trim())
          .map((m) => ({
            msg_id: m.msg_id,
            sender: m.Sender_name?.trim() || m.sender_hash || '?',
            timestamp: m.timestamp,
            sentiment: m.sentiment ?? 0,
            urgency: m.urgency ?? 'low',
            emotion: m.emotion ?? 'neutral',
          })),
        summaryLanguage(c, input.messages),
      ),
    };
    const dropped =
      raw.key_topics.length +
      raw.action_items.length +
      raw.recommended_actions.length -
      sections.key_topics.length -
      sections.action_items.length -
      sections.recommended_actions.length;
    if (dropped > 0)
      logger.warn('bedrock: summary lines without a valid citation dropped', { communityId: c.communityId, dropped });
    const lang = summaryLanguage(c, input.messages);
    const title = lang === 'he' ? `סיכום ${c.name}` : `${c.name} — Summary`;
    return { language: lang, sections, text: summaryMarkdown(title, sections, lang) };
  }

  async generateAction(input: { message_content: string; Sender_name: string | null; topic: string | null }) {
    const res = await this.converse({
      system:
        'You turn one WhatsApp community message into a task for its admin. Use the language of the message. The title is at most 50 characters.',
      user: `Sender: ${input.Sender_name ?? 'N/A'}\nTopic: ${input.topic ?? 'N/A'}\nMessage:\n${input.message_content}`,
      tool: { name: ACTION_TOOL, description: 'Creates the action item.', schema: ACTION_TOOL_SCHEMA },
      maxTokens: 800,
    });
    const parsed = ActionResultSchema.safeParse(toolInput(res, ACTION_TOOL));
    if (!parsed.success) {
      if (!this.o.fallback) throw new Error('Bedrock returned an invalid action');
      logger.warn('bedrock: invalid generated action; local action used');
      return this.o.fallback.generateAction(input);
    }
    const a = parsed.data;
    return {
      title: actionTitle(a.title, true),
      details: actionDetails({
        content: a.details.trim() || input.message_content,
        sender: input.Sender_name,
        topic: input.topic,
        evidence: a.evidence?.trim() ? `"${a.evidence.trim().replace(/^"|"$/g, '')}"` : null,
        assignee: a.assigned_to?.trim() || null,
      }),
    };
  }

  async suggestActions(input: {
    messages: readonly Message[];
    community: AiCommunityContext;
  }): Promise<SuggestedAction[]> {
    const res = await this.converse({
      system: `You suggest follow-up tasks for the admins of the WhatsApp community "${input.community.name}"${
        input.community.group_goals ? ` (goals: ${input.community.group_goals})` : ''
      }. Suggest only tasks grounded in the messages; write each in the language of its message; titles at most 50 characters.`,
      user: `Recent messages (id in parentheses):\n${transcript(input.messages)}`,
      tool: { name: SUGGEST_TOOL, description: 'Records the suggested actions.', schema: SUGGEST_TOOL_SCHEMA },
      maxTokens: 2500,
    });
    const parsed = SuggestResultSchema.safeParse(toolInput(res, SUGGEST_TOOL));
    if (!parsed.success) {
      if (!this.o.fallback) throw new Error('Bedrock returned invalid suggested actions');
      logger.warn('bedrock: invalid suggested actions; local suggestions used');
      return this.o.fallback.suggestActions(input);
    }
    const byId = new Map(input.messages.map((m) => [m.msg_id, m]));
    return parsed.data.actions.slice(0, 8).map((a) => {
      const m = a.msg_id ? byId.get(a.msg_id) : undefined;
      const title = a.title.length > ACTION_TITLE_MAX ? actionTitle(a.title, true) : a.title;
      return SuggestedActionSchema.parse({
        title,
        details: actionDetails({
          content: a.details?.trim() || title,
          sender: m?.Sender_name ?? null,
          topic: m?.topic ?? null,
          ...(m ? { reference: m.msg_id } : {}),
          evidence: a.evidence?.trim() ? `"${a.evidence.trim().replace(/^"|"$/g, '')}"` : null,
          assignee: a.assigned_to?.trim() || null,
        }),
        evidence: a.evidence?.trim() || null,
        assigned_to: a.assigned_to?.trim() || null,
        priority: a.priority,
      });
    });
  }

  async detectOpportunities(input: {
    messages: readonly AiInputMessage[];
    members: readonly AiMemberProfile[];
    communityId: string;
  }): Promise<DetectedOpportunity[]> {
    if (input.messages.length === 0) return [];
    const res = await this.converse({
      system: OPPORTUNITY_SYSTEM,
      user: opportunityPrompt(input.messages, input.members),
      tool: { name: OPPORTUNITY_TOOL, description: 'Records the cited opportunities.', schema: OPPORTUNITY_TOOL_SCHEMA },
      maxTokens: 4000,
    });
    // no local fallback: an analysis the model did not make is not passed off as the model's
    const { opportunities, dropped } = parseOpportunities(toolInput(res, OPPORTUNITY_TOOL), input.messages, input.members);
    if (dropped > 0) logger.warn('bedrock: opportunities without a valid citation dropped', { communityId: input.communityId, dropped });
    return opportunities;
  }

  async matchPartners(input: {
    members: readonly AiMemberProfile[];
    max: number;
    communityId: string;
  }): Promise<SuggestedPartnership[]> {
    if (input.members.length < 2) return [];
    const res = await this.converse({
      system: PARTNER_SYSTEM,
      user: `Suggest at most ${input.max} partnerships.\n\nMembers (id | role | company | skills):\n${memberDirectory(input.members)}`,
      tool: { name: PARTNER_TOOL, description: 'Records the partnership matches.', schema: PARTNER_TOOL_SCHEMA },
      maxTokens: 4000,
    });
    return parsePartnerships(toolInput(res, PARTNER_TOOL), input.members, input.max);
  }

  async labelClusters(input: { clusters: readonly AiClusterInput[]; communityId: string }): Promise<string[]> {
    if (input.clusters.length === 0) return [];
    const res = await this.converse({
      system: CLUSTER_SYSTEM,
      user: clusterPrompt(input.clusters),
      tool: { name: CLUSTER_TOOL, description: 'Records the label of every cluster.', schema: CLUSTER_TOOL_SCHEMA },
      maxTokens: Math.min(4000, 200 + input.clusters.length * 60),
    });
    const labels = parseClusterLabels(toolInput(res, CLUSTER_TOOL), input.clusters.length);
    // no local fallback: a label the model did not write is not passed off as the model's
    if (!labels) throw new Error('Bedrock returned invalid cluster labels');
    return labels;
  }
}

/** Validates the enrich tool's answer; only well-formed results for known indexes are kept. */
export function parseEnrichments(input: unknown, count: number): Map<number, Enrichment> {
  const out = new Map<number, Enrichment>();
  const results = (input as { results?: unknown } | undefined)?.results;
  if (!Array.isArray(results)) return out;
  for (const r of results) {
    const p = EnrichmentResultSchema.safeParse(r);
    if (!p.success || p.data.i >= count || out.has(p.data.i)) continue;
    const { i, ...e } = p.data;
    out.set(i, {
      ...e,
      sentiment: Math.round(e.sentiment * 1000) / 1000,
      toxicity: Math.round(e.toxicity * 100) / 100,
    });
  }
  return out;
}
