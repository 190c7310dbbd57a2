import type { Config } from '../../core/config';
import type { Db } from '../../data/db';
import type { RealtimePort } from './port';

/** Live events: API Gateway WebSocket connections in the cloud, the local gateway's hub locally. */
export function createRealtimePort(_config: Config, _db: Db): RealtimePort {
  throw new Error('the realtime port is not wired yet (functions/src/adapters/realtime/index.ts)');
}
