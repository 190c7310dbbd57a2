import { describe, expect, it } from 'vitest';
import { loadConfig } from '@kehila/functions/core/config';
import type { AiPort } from '@kehila/functions/core/ports/ai';
import { embeddingVersion, embedWithVersion, versionScope } from '@kehila/functions/core/search/docs';
import { indexedPercentage } from '@kehila/functions/core/search/ai-search';

const plain = {
  name: 'bedrock',
  embeddingDimensions: 1024,
  embed: async (texts: readonly string[]) => texts.map(() => [1]),
} as unknown as AiPort;
const versioned = {
  ...plain,
  name: 'local',
  embeddingVersion: async (c: string) => `local:abc:${c === 'big' ? 3 : 1}`,
  embedVersioned: async (texts: readonly string[]) => ({ version: 'local:abc:2', vectors: texts.map(() => [1]) }),
} as unknown as AiPort;

describe('embedding versions', () => {
  it('are scoped to the OpenSearch index (a new index re-indexes every community) but not locally', () => {
    expect(versionScope(loadConfig({ TABLE_NAME: 't', STAGE: 'local' }))).toBe('');
    expect(
      versionScope(
        loadConfig({
          TABLE_NAME: 't',
          SEARCH_ENDPOINT: 'https://search.example',
          SEARCH_INDEX: 'kehila-prod-messages',
        }),
      ),
    ).toBe('@kehila-prod-messages');
  });

  it('come from the provider when it has them, else from its name and dimension', async () => {
    expect(await embeddingVersion(versioned, 'big', '@i')).toBe('local:abc:3@i');
    expect(await embeddingVersion(plain, 'any')).toBe('bedrock:1024');
  });

  it('label vectors with the version that made them, when the provider says it', async () => {
    const ctx = { communityId: 'c', purpose: 'document' as const };
    expect((await embedWithVersion(versioned, ['a'], ctx, 'local:abc:1@i', '@i')).version).toBe('local:abc:2@i');
    expect((await embedWithVersion(plain, ['a'], ctx, 'bedrock:1024@i', '@i')).version).toBe('bedrock:1024@i');
  });
});

describe('indexed percentage (AI search badge)', () => {
  it.each([
    [0, 0, 0],
    [10, 0, 0],
    [10, 10, 100],
    [1000, 899, 89.9],
    [1000, 900, 90],
    [3, 2, 66.6],
    [7, 5, 71.4],
    [3, 5, 100],
  ])('total %i, embedded %i → %f (rounded down, so green only at a real 90)', (total, embedded, expected) => {
    expect(indexedPercentage(total, embedded)).toBe(expected);
  });
});
