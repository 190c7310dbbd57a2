import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '@kehila/functions/core/config';
import { bedrockAi } from '@kehila/functions/wiring/cloud/ai';
import { s3Storage } from '@kehila/functions/wiring/cloud/storage';
import { createDeps } from '@kehila/functions/wiring/deps';
import { createLocalDeps } from '@kehila/functions/wiring/local';

const config = (env: Record<string, string>) => loadConfig({ TABLE_NAME: 't', ...env } as NodeJS.ProcessEnv);

describe('wiring', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('builds only the ports a function wires, and names a missing one when it is reached', () => {
    const deps = createDeps(config({ STAGE: 'cloud' }), { ai: bedrockAi });
    expect(deps.ai.name).toBe('bedrock');
    expect(() => deps.search).toThrow('the search port is not wired in this function');
  });

  it('builds each port once, on first use', () => {
    let built = 0;
    const deps = createDeps(config({ STAGE: 'cloud' }), {
      ai: (ctx) => {
        built += 1;
        return bedrockAi(ctx);
      },
    });
    expect(built).toBe(0);
    expect(deps.ai).toBe(deps.ai);
    expect(built).toBe(1);
  });

  it.each([
    [{}, 1024],
    [{ BEDROCK_EMBED_MODEL_ID: 'amazon.titan-embed-text-v1' }, 1536],
  ])('the cloud AI port is Bedrock, with the dimension of its embedding model (%j)', (env, dims) => {
    const deps = createDeps(config({ STAGE: 'cloud', ...env }), { ai: bedrockAi });
    expect(deps.ai.embeddingDimensions).toBe(dims);
  });

  it('the cloud object store is S3 with the configured buckets', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'test');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'test');
    const deps = createDeps(config({ STAGE: 'cloud', AWS_REGION: 'eu-west-1', EXPORTS_BUCKET: 'b-exports' }), {
      storage: s3Storage,
    });
    expect(new URL(await deps.storage.presignGet('imports/x')).host).toBe('b-exports.s3.eu-west-1.amazonaws.com');
  });

  it.each([
    [{ STAGE: 'local' }, 'local', 384],
    [{ STAGE: 'local', AI_PROVIDER: 'bedrock' }, 'bedrock', 1024],
  ])('the local stack chooses its AI provider by configuration (%j)', (env, name, dims) => {
    const deps = createLocalDeps(config(env));
    expect(deps.ai.name).toBe(name);
    expect(deps.ai.embeddingDimensions).toBe(dims);
  });

  it('the local object store lives under LOCAL_OBJECTS_DIR and needs its signing secret', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wiring-'));
    const deps = createLocalDeps(config({ STAGE: 'local', LOCAL_OBJECTS_DIR: dir, LOCAL_OBJECTS_SECRET: 's' }));
    await deps.storage.put('x/y.txt', Buffer.from('1'), 'text/plain');
    expect(await deps.storage.head('x/y.txt')).toMatchObject({ size: 1 });
    expect(() => createLocalDeps(config({ STAGE: 'local', LOCAL_OBJECTS_DIR: dir })).storage).toThrow(
      /LOCAL_OBJECTS_SECRET/,
    );
  });

  it('defaults the Bedrock models to Claude Haiku and Cohere Embed Multilingual v3', () => {
    expect(config({}).ai).toMatchObject({
      provider: 'bedrock',
      bedrockModelId: 'us.anthropic.claude-haiku-4-5-20251001-v1:0',
      bedrockEmbedModelId: 'cohere.embed-multilingual-v3',
      bedrockRegion: 'us-east-1',
    });
  });
});
