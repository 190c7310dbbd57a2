import * as z from 'zod';
import { route } from './contract';

/** Liveness of the API and the table behind it. */
export const HealthSchema = z.object({
  ok: z.literal(true),
  stage: z.enum(['local', 'cloud']),
  time: z.string(),
});

export const systemRoutes = {
  health: route({
    method: 'GET',
    path: '/api/health',
    auth: 'public',
    area: 'system',
    summary: 'Liveness: answers when the API can reach the table.',
    response: HealthSchema,
  }),
};
