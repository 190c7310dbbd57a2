import type { RealtimeServerMessage } from '@kehila/shared';

/** What the workers thread starts with. */
export interface WorkersData {
  readonly env: Record<string, string>;
  readonly queueUrls: Record<string, { url: string; dlqUrl: string }>;
  readonly concurrency: number;
  readonly retryDelaySeconds?: number;
  readonly idlePollMaxMs?: number;
}

/** Messages from the main thread to the workers thread. */
export type ToWorkers =
  | { kind: 'search-result'; id: number; ok: true; value: unknown }
  | { kind: 'search-result'; id: number; ok: false; error: string }
  | { kind: 'drain'; id: number; timeoutMs: number }
  | { kind: 'stop' };

/** Messages from the workers thread to the main thread. */
export type FromWorkers =
  | { kind: 'ready' }
  | { kind: 'search'; id: number; method: string; args: unknown[] }
  | { kind: 'realtime'; communityId: string; event: RealtimeServerMessage }
  | { kind: 'realtime-revoke'; communityId: string; userId: string }
  | { kind: 'log'; line: string }
  | { kind: 'drained'; id: number; drained: boolean }
  | { kind: 'stopped' };
