import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { DEFAULT_BEDROCK_EMBED_MODEL_ID, DEFAULT_BEDROCK_MODEL_ID, type Config } from '../../core/config';
import { BedrockAiPort, type BedrockAiOptions } from '../../adapters/ai/bedrock/provider';
import type { Wiring } from '../deps';

/** The Bedrock provider for a configuration, with an optional fallback for invalid answers. */
export function bedrockProvider(config: Config, fallback?: BedrockAiOptions['fallback']): BedrockAiPort {
  return new BedrockAiPort({
    // retries are ours (with backoff and tests); the SDK's own would multiply them
    client: new BedrockRuntimeClient({ region: config.ai?.bedrockRegion ?? config.region, maxAttempts: 1 }),
    modelId: config.ai?.bedrockModelId ?? DEFAULT_BEDROCK_MODEL_ID,
    embedModelId: config.ai?.bedrockEmbedModelId ?? DEFAULT_BEDROCK_EMBED_MODEL_ID,
    ...(fallback ? { fallback } : {}),
  });
}

/**
 * The AI port on Amazon Bedrock without a local fallback: HTTP routes (summaries, actions, search)
 * report an invalid answer as a failure rather than carry the local provider's lexicons.
 */
export const bedrockAi: NonNullable<Wiring['ai']> = ({ config }) => bedrockProvider(config);
