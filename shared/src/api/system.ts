import { z } from 'zod';
import { route } from './contract';
import { ProfileSchema } from '../schemas/profiles';

/** Liveness of the API and the table behind it. */
export const HealthSchema = z.object({
  ok: z.literal(true),
  stage: z.enum(['local', 'cloud']),
  time: z.string(),
});

/** The signed-in user as the server knows them. */
export const MeSchema = z.object({
  id: z.string(),
  email: z.string(),
  profile: ProfileSchema.nullable(),
});
export type Me = z.infer<typeof MeSchema>;

export const systemRoutes = {
  health: route({
    method: 'GET',
    path: '/api/health',
    auth: 'public',
    area: 'system',
    summary: 'Liveness: answers when the API can reach the table.',
    response: HealthSchema,
  }),
  me: route({
    method: 'GET',
    path: '/api/me',
    auth: 'user',
    area: 'accounts',
    summary: 'The signed-in user and their profile (null until the profile exists).',
    response: MeSchema,
  }),
};
