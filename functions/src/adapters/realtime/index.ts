import type { Config } from '../../core/config';
import type { Db } from '../../data/db';
import { apiGatewayRealtimePort } from './api-gateway';
import { localRealtimePort } from './local-hub';
import type { RealtimePort } from './port';

/** Live events: API Gateway WebSocket connections in the cloud, the local gateway's hub locally. */
export function createRealtimePort(config: Config, db: Db): RealtimePort {
  if (config.stage === 'local') return localRealtimePort();
  return apiGatewayRealtimePort(db, config.realtime?.endpoint, config.region);
}
