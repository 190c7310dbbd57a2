import type { Config } from '../../core/config';
import type { Db } from '../../data/db';
import type { AiPort } from './port';

/** The AI provider chosen by configuration (local offline NLP, or Bedrock). */
export function createAiPort(_config: Config, _db: Db): AiPort {
  throw new Error('the AI port is not wired yet (functions/src/adapters/ai/index.ts)');
}
