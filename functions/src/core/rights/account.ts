import { communityDisplayName, toWhatsAppId, type DataJob, type Member } from '@kehila/shared';
import type { AuthUser } from '../authz';
import type { Deps } from '../deps';
import { fail } from '../errors';
import { loadSenderHashKey, senderKeyFor } from '../messages/ids';
import { listActionsOfUser } from '../../data/actions';
import { getCommunity } from '../../data/communities';
import { deletePartition } from '../../data/community-data';
import type { StoredDataJob } from '../../data/data-jobs';
import { keys } from '../../data/keys';
import { deleteMember, listMembershipsOfUser, releaseMemberEmail } from '../../data/memberships';
import { listSuppliers } from '../../data/suppliers';
import { markAccountErased, senderMessagePages, userIndexItems, userItems } from '../../data/account-data';
import { clean, packExport, rowCounts } from './export';
import { queueDataJob } from './jobs';
import { RIGHTS_TEXTS } from './texts';
import type { DeletionCounts } from './erase';

/** Where a user's own export is stored; their account's deletion removes the folder. */
export function accountExportFolder(userId: string): string {
  return `data-exports/account/${userId}/`;
}

/** The communities the user is the workspace owner of, by display name. */
async function ownedCommunities(deps: Pick<Deps, 'db'>, memberships: readonly Member[]): Promise<string[]> {
  const names: string[] = [];
  for (const m of memberships) {
    const community = await getCommunity(deps.db, m.community_id);
    if (community && community.owner_id === m.auth_id) names.push(communityDisplayName(community));
  }
  return names;
}

/**
 * Refuses an account deletion while the user is the workspace owner of a community: its ownership
 * must go to another admin, or the community be deleted, first.
 */
async function refuseOwner(deps: Pick<Deps, 'db'>, userId: string): Promise<void> {
  const owned = await ownedCommunities(deps, await listMembershipsOfUser(deps.db, userId));
  if (owned.length > 0) throw fail.conflict(RIGHTS_TEXTS.ownerCannotDelete(owned));
}

async function startAccountJob(
  deps: Pick<Deps, 'db' | 'queues' | 'now'>,
  user: AuthUser,
  kind: 'account_export' | 'account_deletion',
  userName: string,
): Promise<DataJob> {
  return queueDataJob(deps, { kind, user_id: user.id, user_name: userName, community_id: null, community_name: null });
}

/** Starts the export of the caller's own data (GDPR Art. 15, 20): only ever their own (the job is theirs). */
export function startAccountExport(
  deps: Pick<Deps, 'db' | 'queues' | 'now'>,
  user: AuthUser,
  userName: string,
): Promise<DataJob> {
  return startAccountJob(deps, user, 'account_export', userName);
}

/**
 * Starts deleting the caller's own account (GDPR Art. 17) once they typed their e-mail address as
 * shown; refused while they are the workspace owner of a community.
 */
export async function startAccountDeletion(
  deps: Pick<Deps, 'db' | 'queues' | 'now'>,
  user: AuthUser,
  userName: string,
  confirmEmail: string,
): Promise<DataJob> {
  if (!user.email || confirmEmail.trim().toLowerCase() !== user.email.trim().toLowerCase()) {
    throw fail.badRequest(RIGHTS_TEXTS.confirmEmailMismatch, [
      { path: 'confirm_email', message: RIGHTS_TEXTS.confirmEmailMismatch },
    ]);
  }
  await refuseOwner(deps, user.id);
  return startAccountJob(deps, user, 'account_deletion', userName);
}

/**
 * Builds a user's own export (docs/data-rights.md): their profile and consent, their memberships
 * (member records) with each community's name, subscriptions, group verifications and data-rights
 * jobs; and, in each community they belong to, the messages sent from their member phone, the
 * actions filed for them and the suppliers they added. Nothing of another user: every read is keyed
 * by this user's id or their own sender hash.
 */
export async function buildAccountExport(
  deps: Pick<Deps, 'db' | 'now' | 'config' | 'secrets'>,
  userId: string,
  onProgress: (share: number) => Promise<void> = async () => undefined,
): Promise<{ zip: Uint8Array; counts: Record<string, number> }> {
  const own = await userItems(deps.db, userId);
  const indexed = await userIndexItems(deps.db, userId);
  const one = (sk: string) => {
    const item = own.find((i) => i.sk === sk);
    return item ? clean(item) : null;
  };
  const memberships = await listMembershipsOfUser(deps.db, userId);
  const names = new Map<string, string | null>();
  for (const m of memberships) {
    const community = await getCommunity(deps.db, m.community_id);
    names.set(m.community_id, community ? communityDisplayName(community) : null);
  }
  await onProgress(10);
  await loadSenderHashKey(deps);
  const messages: Record<string, unknown>[] = [];
  const actions: Record<string, unknown>[] = [];
  const suppliers: Record<string, unknown>[] = [];
  let done = 0;
  for (const m of memberships) {
    const cid = m.community_id;
    // The messages sent from the phone on their member record (a WhatsApp id with a number only).
    const wa = m.phone ? toWhatsAppId(m.country_code ?? '+972', m.phone) : null;
    if (wa) {
      for await (const page of senderMessagePages(deps.db, cid, senderKeyFor(deps.config, cid, wa))) {
        messages.push(...page);
      }
    }
    for (const a of await listActionsOfUser(deps.db, cid, userId)) actions.push({ community_id: cid, ...a });
    for (const s of await listSuppliers(deps.db, cid)) {
      if (s.added_by === userId) suppliers.push({ community_id: cid, ...s });
    }
    done += 1;
    await onProgress(10 + Math.round((done / Math.max(1, memberships.length)) * 75));
  }
  const lists = {
    memberships: memberships.map((m) => ({ community_name: names.get(m.community_id) ?? null, ...m })),
    subscriptions: indexed.filter((i) => String(i.sk).startsWith('SUBSCRIPTION#')).map(clean),
    group_verifications: own.filter((i) => String(i.sk).startsWith('CONNECTION#')).map(clean),
    data_jobs: own.filter((i) => String(i.sk).startsWith('DATAJOB#')).map(clean),
    messages,
    actions,
    suppliers,
  };
  await onProgress(90);
  const zip = packExport(
    lists,
    { account: { profile: one('PROFILE'), consent: one('CONSENT') } },
    `Kehila export of your account ${userId}, made ${deps.now().toISOString()}.\r\n` +
      'account.json holds your profile and the consent you gave. Each list is given as JSON and as CSV ' +
      '(UTF-8): your memberships, subscriptions, group verifications, data-rights jobs, and in each community ' +
      'you belong to the messages sent from your member phone number, the actions filed for you and the ' +
      'suppliers you added.\r\n',
  );
  return { zip, counts: { ...rowCounts(lists), account: one('PROFILE') ? 1 : 0 } };
}

/**
 * Deletes a user's own account (GDPR Art. 17; docs/data-rights.md), refused while they are the
 * workspace owner of a community. In order: a marker that keeps a token issued before from making
 * the profile again; each membership (the member record with every personal field, and its e-mail
 * guard); their exports; their own partition (profile with its e-mail index entry, consent, group
 * verifications, other jobs) but for this job, the record of the deletion; the sign-in (the user
 * pool's user), last, so a retried run can still finish. Resolves to the counts per store.
 */
export async function eraseAccount(
  deps: Pick<Deps, 'db' | 'storage' | 'identity' | 'now'>,
  job: Pick<StoredDataJob, 'id' | 'user_id' | 'user_name'>,
  onProgress: (share: number) => Promise<void> = async () => undefined,
): Promise<DeletionCounts> {
  const userId = job.user_id;
  await refuseOwner(deps, userId);
  await markAccountErased(deps.db, userId, deps.now());
  const counts: DeletionCounts = {};
  const memberships = await listMembershipsOfUser(deps.db, userId);
  for (const m of memberships) {
    await deleteMember(deps.db, m.community_id, m.id);
    if (m.email) await releaseMemberEmail(deps.db, m.community_id, m.email, m.id);
  }
  counts['table.memberships'] = memberships.length;
  await onProgress(40);
  counts['objects.account_exports'] = await deps.storage.deletePrefix(accountExportFolder(userId));
  counts['table.account'] = await deletePartition(
    deps.db,
    keys.userPartition(userId),
    (sk) => sk === keys.dataJob(userId, job.id).sk || sk === keys.erasedAccount(userId).sk,
  );
  await onProgress(80);
  counts['identity.user'] = (await deps.identity.deleteUser(job.user_name || userId)) ? 1 : 0;
  return counts;
}
