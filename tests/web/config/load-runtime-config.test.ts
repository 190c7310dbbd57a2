import { describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig, RuntimeConfigError } from '../../../web/src/config/load-runtime-config';
import { jsonResponse, localConfig } from '../helpers/render-app';

const fetching = (answer: () => Promise<Response>) => vi.fn(answer) as unknown as typeof fetch;

describe('loadRuntimeConfig', () => {
  it('fetches /config.json and returns it validated', async () => {
    const fetchFn = fetching(async () => jsonResponse(200, localConfig));
    await expect(loadRuntimeConfig(fetchFn)).resolves.toEqual(localConfig);
    expect(vi.mocked(fetchFn).mock.calls[0]![0]).toBe('/config.json');
  });

  it('leaves out settings it does not know and accepts a config without the optional ones', async () => {
    const { userPoolEndpoint: _endpoint, ...withoutEndpoint } = localConfig;
    const fetchFn = fetching(async () => jsonResponse(200, { ...withoutEndpoint, extra: 'ignored' }));
    await expect(loadRuntimeConfig(fetchFn)).resolves.toEqual(withoutEndpoint);
  });

  it.each([
    ['an HTTP error', async () => new Response('nope', { status: 404 }), /answered HTTP 404/],
    ['a body that is not JSON', async () => new Response('<html>', { status: 200 }), /not valid JSON/],
    [
      'a config without the user pool',
      async () => jsonResponse(200, { ...localConfig, userPoolId: undefined }),
      /invalid settings: userPoolId/,
    ],
    [
      'an unknown stage and a number for a text setting',
      async () => jsonResponse(200, { ...localConfig, stage: 'prod', wsUrl: 42 }),
      /invalid settings: stage, wsUrl\.$/,
    ],
    ['a body that is not an object', async () => jsonResponse(200, ['config']), /invalid settings: \(root\)/],
    [
      'an unreachable server',
      async () => {
        throw new TypeError('Failed to fetch');
      },
      /could not be reached/,
    ],
  ])('fails with a RuntimeConfigError on %s', async (_case, answer, message) => {
    const err = await loadRuntimeConfig(fetching(answer)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RuntimeConfigError);
    expect((err as Error).message).toMatch(message);
  });
});
