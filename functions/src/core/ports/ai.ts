import type { Emotion, Intent, Message, SuggestedAction, SummarySections, Urgency } from '@kehila/shared';

/** What enrichment adds to a message (S2 §3). */
export interface Enrichment {
  readonly topic: string | null;
  readonly keywords: string[];
  readonly urgency: Urgency;
  /** -1..1 */
  readonly sentiment: number;
  readonly emotion: Emotion;
  readonly intent: Intent;
  /** 0..1 */
  readonly toxicity: number;
  readonly action_items: string[];
}

/** A message as the AI port reads it. */
export interface AiInputMessage {
  readonly id: string;
  readonly text: string;
  readonly sender_name: string | null;
  readonly timestamp: string;
}

/** Community context that personalises AI output (S1 §1). */
export interface AiCommunityContext {
  readonly communityId: string;
  readonly name: string;
  readonly group_description: string | null;
  readonly group_goals: string | null;
  readonly admin_name: string | null;
  readonly group_language: string | null;
}

/** A written summary: its Markdown text (what Copy copies) and the same content with its citations. */
export interface SummaryDraft {
  readonly language: 'he' | 'en';
  readonly text: string;
  readonly sections: SummarySections;
}

/**
 * The AI port: one interface, two providers (local offline NLP and Amazon Bedrock); the choice is
 * configuration (ARCHITECTURE §5).
 */
export interface AiPort {
  /** 'local' or 'bedrock'; the UI says "local model" for the first. */
  readonly name: 'local' | 'bedrock';
  /** Enriches messages, in input order. */
  enrich(messages: readonly AiInputMessage[], context: { communityId: string }): Promise<Enrichment[]>;
  /** Dimensions of the vectors `embed` returns (fixed per provider). */
  readonly embeddingDimensions: number;
  /** Embeds texts (documents or queries) for meaning-based search, in input order; unit length. */
  embed(texts: readonly string[], context: { communityId: string; purpose: 'document' | 'query' }): Promise<number[][]>;
  /**
   * An AI summary of recent messages (S2 §4: Key Topics, Action Items, Recommended Actions, Quick
   * Stats), every item citing the msg_id of the messages it comes from; only ids of `messages`.
   */
  summarize(input: {
    messages: readonly Message[];
    community: AiCommunityContext;
    lastSummary: string | null;
    /** The community's summary prompts (S2 §3); the provider's defaults when absent. The local provider ignores them. */
    prompts?: { system_prompt: string; user_prompt: string } | null;
  }): Promise<SummaryDraft>;
  /** A title and details for an action from one message (S2 §7.2 generate-action). */
  generateAction(input: {
    message_content: string;
    Sender_name: string | null;
    topic: string | null;
  }): Promise<{ title: string; details: string }>;
  /** Suggested actions from recent messages (S2 §7.2 suggest-actions). */
  suggestActions(input: { messages: readonly Message[]; community: AiCommunityContext }): Promise<SuggestedAction[]>;
  /**
   * The version of a community's embedding space. Vectors of different versions must not be
   * compared: when it changes, stored vectors are re-embedded (docs/ai.md). The local provider
   * moves it when its corpus-trained model is rebuilt; Bedrock's is fixed per model.
   */
  embeddingVersion?(communityId: string): Promise<string>;
  /** `embed` that also says which embedding version the vectors belong to (tag stored vectors with it). */
  embedVersioned?(
    texts: readonly string[],
    context: { communityId: string; purpose: 'document' | 'query' },
  ): Promise<{ version: string; vectors: number[][] }>;
}
