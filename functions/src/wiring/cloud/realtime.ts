import { apiGatewayRealtimePort } from '../../adapters/realtime/api-gateway';
import type { Wiring } from '../deps';

/** The realtime port on the API Gateway WebSocket API (REALTIME_ENDPOINT). */
export const apiGatewayRealtime: NonNullable<Wiring['realtime']> = ({ config, db }) =>
  apiGatewayRealtimePort(db, config.realtime?.endpoint, config.region);
