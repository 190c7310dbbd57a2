import { embeddingDimensionsOf } from '../../adapters/ai/bedrock/models';
import type { BedrockAiOptions, BedrockAiPort } from '../../adapters/ai/bedrock/provider';
import { DEFAULT_BEDROCK_EMBED_MODEL_ID, DEFAULT_BEDROCK_MODEL_ID, type Config } from '../../core/config';
import type { AiPort } from '../../core/ports/ai';
import type { Wiring } from '../deps';
import { lazyPort } from '../lazy';

/** The Bedrock provider for a configuration, with an optional fallback for invalid answers. */
export async function bedrockProvider(config: Config, fallback?: BedrockAiOptions['fallback']): Promise<BedrockAiPort> {
  const [{ BedrockRuntimeClient }, { BedrockAiPort }] = await Promise.all([
    import('@aws-sdk/client-bedrock-runtime'),
    import('../../adapters/ai/bedrock/provider'),
  ]);
  return new BedrockAiPort({
    // retries are ours (with backoff and tests); the SDK's own would multiply them
    client: new BedrockRuntimeClient({ region: config.ai?.bedrockRegion ?? config.region, maxAttempts: 1 }),
    modelId: config.ai?.bedrockModelId ?? DEFAULT_BEDROCK_MODEL_ID,
    embedModelId: config.ai?.bedrockEmbedModelId ?? DEFAULT_BEDROCK_EMBED_MODEL_ID,
    ...(fallback ? { fallback } : {}),
  });
}

/**
 * The AI port on Amazon Bedrock, its SDK client loaded on the first AI call (a lazy chunk): routes
 * that never ask the model (the latest summary, search statistics) never load it. Without a local
 * fallback: HTTP routes report an invalid answer as a failure rather than carry the lexicons.
 */
export const bedrockAi: NonNullable<Wiring['ai']> = ({ config }) => lazyBedrock(config);

/** The lazy Bedrock port, with an optional fallback (the enrich worker's local provider). */
export function lazyBedrock(config: Config, fallback?: () => Promise<BedrockAiOptions['fallback']>): AiPort {
  const embedModelId = config.ai?.bedrockEmbedModelId ?? DEFAULT_BEDROCK_EMBED_MODEL_ID;
  return lazyPort<AiPort>(async () => bedrockProvider(config, fallback ? await fallback() : undefined), {
    name: 'bedrock',
    embeddingDimensions: embeddingDimensionsOf(embedModelId),
  });
}
