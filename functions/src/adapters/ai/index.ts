import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { Config } from '../../core/config';
import type { Db } from '../../data/db';
import { BedrockAiPort } from './bedrock/provider';
import { DynamoModelStore } from './local/model-store';
import { LocalAiPort } from './local/provider';
import type { AiPort } from './port';

const DEFAULT_MODEL_ID = 'us.anthropic.claude-haiku-4-5-20251001-v1:0';
const DEFAULT_EMBED_MODEL_ID = 'cohere.embed-multilingual-v3';

/**
 * The AI provider chosen by configuration (AI_PROVIDER; default local when STAGE=local, Bedrock in
 * the cloud). The local provider keeps its learned state in the table; the Bedrock provider falls
 * back to it per message when the model's answer is invalid (docs/ai.md).
 */
export function createAiPort(config: Config, db: Db): AiPort {
  const local = new LocalAiPort({ store: new DynamoModelStore(db) });
  const provider = config.ai?.provider ?? (config.stage === 'local' ? 'local' : 'bedrock');
  if (provider === 'local') return local;
  return new BedrockAiPort({
    // retries are ours (with backoff and tests); the SDK's own would multiply them
    client: new BedrockRuntimeClient({ region: config.ai?.bedrockRegion ?? config.region, maxAttempts: 1 }),
    modelId: config.ai?.bedrockModelId ?? DEFAULT_MODEL_ID,
    embedModelId: config.ai?.bedrockEmbedModelId ?? DEFAULT_EMBED_MODEL_ID,
    fallback: local,
  });
}
