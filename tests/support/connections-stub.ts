import { vi } from 'vitest';

/** A PostToConnection the WebSocket API received: the connection id and the message. */
export interface Posted {
  readonly connectionId: string;
  readonly message: unknown;
  readonly authorization: string | null;
}

/**
 * Stands in for API Gateway's WebSocket management endpoint: `fetch` is stubbed, every
 * `POST …/@connections/{id}` is recorded, and the ids in `gone` answer 410 (the connection closed).
 * Restore with `vi.unstubAllGlobals()`.
 */
export function stubConnections(gone: readonly string[] = []): Posted[] {
  const posted: Posted[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      const request = input instanceof Request ? input : new Request(input);
      const m = /\/@connections\/([^/?]+)$/.exec(new URL(request.url).pathname);
      if (!m || request.method !== 'POST') return new Response('not found', { status: 404 });
      const connectionId = decodeURIComponent(m[1] ?? '');
      posted.push({
        connectionId,
        message: JSON.parse(await request.text()),
        authorization: request.headers.get('authorization'),
      });
      return new Response(gone.includes(connectionId) ? '{"message":"Gone"}' : '', {
        status: gone.includes(connectionId) ? 410 : 200,
      });
    }),
  );
  return posted;
}
