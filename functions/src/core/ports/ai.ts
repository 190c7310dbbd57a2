import type {
  Emotion,
  Intent,
  Message,
  OpportunityType,
  OpportunityUrgency,
  SuggestedAction,
  SummarySections,
  Urgency,
} from '@kehila/shared';

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

/** A member's profile as the business analyses read it (S3 §3 community member). */
export interface AiMemberProfile {
  readonly id: string;
  readonly name: string;
  readonly job_role: string | null;
  readonly company: string | null;
  readonly headline: string | null;
  readonly skills: readonly string[];
  readonly location: string | null;
  readonly decision_authority: boolean | null;
  readonly revenue_potential_score: number | null;
  readonly referral_value: number | null;
}

/** A member proposed for an opportunity, with why (their profile's words). */
export interface AiMemberMatch {
  readonly member_id: string;
  readonly reason: string;
}

/**
 * A business opportunity found in messages (S3 §3): someone asking for a service, with a budget
 * or a deadline when they gave one. It cites the messages it comes from (ids of the input only).
 */
export interface DetectedOpportunity {
  readonly title: string;
  readonly description: string;
  readonly opportunity_type: OpportunityType;
  /** In shekels; null when the messages name no amount. */
  readonly estimated_value: number | null;
  /** 0..1 */
  readonly confidence: number;
  readonly urgency: OpportunityUrgency;
  readonly timeline_days: number | null;
  /** The service asked for, in English and Hebrew (the intro script is Hebrew). */
  readonly service: { readonly en: string; readonly he: string };
  readonly action_items: readonly string[];
  readonly message_ids: readonly string[];
  /** Members whose profile offers the service, best first (the requester may be among them). */
  readonly matches: readonly AiMemberMatch[];
}

/** Two members who would gain from working together (S3 §3 partnership match). */
export interface SuggestedPartnership {
  readonly member_a_id: string;
  readonly member_b_id: string;
  /** 0..1 */
  readonly compatibility: number;
  readonly opportunity_type: string;
  readonly reason: string;
  /** In dollars; null when the profiles give no figure to estimate it from. */
  readonly estimated_value: number | null;
}

/** A topic cluster as its labeller reads it: its distinctive keywords, topics and example texts. */
export interface AiClusterInput {
  /** Most distinctive first. */
  readonly keywords: readonly string[];
  /** The enrichment topics of its messages, most frequent first. */
  readonly topics: readonly string[];
  /** A few of its messages (nearest its centre first). */
  readonly examples: readonly string[];
  readonly size: number;
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
   * Business opportunities in a batch of messages (S3 §7 business-opportunity-analyzer), each citing
   * ids of `messages` only and matched to ids of `members` only.
   */
  detectOpportunities(input: {
    messages: readonly AiInputMessage[];
    members: readonly AiMemberProfile[];
    communityId: string;
  }): Promise<DetectedOpportunity[]>;
  /** Partnership matches between members (S3 §7 partnership-matcher), at most `max`, most compatible first. */
  matchPartners(input: {
    members: readonly AiMemberProfile[];
    max: number;
    communityId: string;
  }): Promise<SuggestedPartnership[]>;
  /**
   * A short label for each topic cluster (S2 §2.5 Topic Clusters), in input order: the local
   * provider names a cluster by its keywords; Bedrock writes a label from the examples.
   */
  labelClusters(input: { clusters: readonly AiClusterInput[]; communityId: string }): Promise<string[]>;
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
