import * as z from 'zod';
import { route } from './contract';

/** Liveness of the API and the table behind it. */
export const HealthSchema = z.object({
  ok: z.literal(true),
  stage: z.enum(['local', 'cloud']),
  time: z.string(),
});

/** The landing page's live platform analytics (S3 §2): totals over every community, from the aggregates. */
export const PlatformStatsSchema = z.object({
  messages_analyzed: z.number().int().nonnegative(),
  active_communities: z.number().int().nonnegative(),
  community_members: z.number().int().nonnegative(),
  /** When the totals were computed (they are cached, docs/public-pages.md). */
  computed_at: z.string(),
});
export type PlatformStats = z.infer<typeof PlatformStatsSchema>;

export const systemRoutes = {
  health: route({
    method: 'GET',
    path: '/api/health',
    auth: 'public',
    area: 'system',
    summary: 'Liveness: answers when the API can reach the table.',
    response: HealthSchema,
  }),
  platformStats: route({
    method: 'GET',
    path: '/api/public/stats',
    auth: 'public',
    area: 'system',
    summary:
      'Live platform analytics of the landing page (S3 §2): messages analyzed, active communities (a message in 30 days) and community members (distinct senders in 30 days), from the aggregates, cached for an hour.',
    response: PlatformStatsSchema,
  }),
};
