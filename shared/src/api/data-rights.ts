import * as z from 'zod';
import { CommunityParams, IdSchema, route } from './contract';

/**
 * Data rights (GDPR Art. 15, 17, 20; docs/data-rights.md): the workspace owner downloads the
 * community's data or erases the community; any user downloads their own account's data or deletes
 * their account. Each runs in the background (the `rights` queue) as a job of the caller's, which
 * the web polls.
 */
export const DataJobSchema = z.object({
  id: z.string(),
  kind: z.enum(['community_export', 'community_deletion', 'account_export', 'account_deletion']),
  /** The community of a community job; null for an account job. */
  community_id: z.string().nullable(),
  community_name: z.string().nullable(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** 0–100: the share of the community's stores handled so far. */
  progress: z.number().min(0).max(100),
  /**
   * An export: rows written per file. A deletion (its report): items removed per store, e.g.
   * `table.messages`, `search.documents`, `objects.imports`.
   */
  counts: z.record(z.string(), z.number().int().nonnegative()),
  /** A finished export: a short-lived link to the zip (a new one on every read). */
  download_url: z.string().nullable(),
  download_expires_at: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DataJob = z.infer<typeof DataJobSchema>;

/** What the owner types to confirm an erasure: the community's name exactly as shown. */
export const CommunityDeletionBodySchema = z.object({
  confirm_name: z.string().max(200, 'Type the community name exactly as shown'),
});

/** What a user types to confirm deleting their account: their e-mail address exactly as shown. */
export const AccountDeletionBodySchema = z.object({
  confirm_email: z.string().max(320, 'Type your e-mail address exactly as shown'),
});

export const dataRightsRoutes = {
  startCommunityExport: route({
    method: 'POST',
    path: '/api/communities/{communityId}/data-export',
    auth: 'owner',
    area: 'communities',
    uses: { queues: ['rights'] },
    status: 202,
    summary:
      "Starts building the community's data (messages, members, actions, summaries, settings) as a zip of JSON and CSV; poll the job.",
    params: CommunityParams,
    response: DataJobSchema,
  }),
  startCommunityDeletion: route({
    method: 'POST',
    path: '/api/communities/{communityId}/deletion',
    auth: 'owner',
    area: 'communities',
    uses: { queues: ['rights'] },
    status: 202,
    summary:
      'Erases the community everywhere (items, search documents, objects, schedules) once the owner typed its name; poll the job for the deletion report.',
    params: CommunityParams,
    body: CommunityDeletionBodySchema,
    response: DataJobSchema,
  }),
  startAccountExport: route({
    method: 'POST',
    path: '/api/me/data-export',
    auth: 'user',
    area: 'accounts',
    uses: { queues: ['rights'] },
    status: 202,
    summary:
      "Starts building the caller's own data (profile, consent, memberships, the messages, actions and suppliers attributed to them) as a zip of JSON and CSV; poll the job.",
    response: DataJobSchema,
  }),
  startAccountDeletion: route({
    method: 'POST',
    path: '/api/me/deletion',
    auth: 'user',
    area: 'accounts',
    uses: { queues: ['rights'] },
    status: 202,
    summary:
      "Deletes the caller's own account (profile, memberships with their member records, sign-in) once they typed their e-mail; refused (409) while they own a community. Poll the job for the deletion report.",
    body: AccountDeletionBodySchema,
    response: DataJobSchema,
  }),
  getDataJob: route({
    method: 'GET',
    path: '/api/me/data-jobs/{jobId}',
    auth: 'user',
    area: 'accounts',
    uses: { objects: 'data-exports' },
    summary:
      "One of the caller's export or deletion jobs: progress, the deletion report, or the export's download link.",
    params: z.object({ jobId: IdSchema }),
    response: DataJobSchema,
  }),
};
