import { randomUUID } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '@kehila/functions/core/deps';
import { blankCommunity } from '@kehila/functions/core/communities/records';
import { runGroupSyncSchedule } from '@kehila/functions/core/members/group-reconciliation';
import { applyParticipantEvents } from '@kehila/functions/core/members/participants';
import { loadSenderHashKey } from '@kehila/functions/core/messages/ids';
import type { GroupSyncJob } from '@kehila/functions/core/queues';
import type { ProviderParticipant } from '@kehila/functions/core/ports/whatsapp';
import { claimGroup, createCommunity } from '@kehila/functions/data/communities';
import { listParticipants } from '@kehila/functions/data/participants';
import { setDeps } from '@kehila/functions/wiring/deps';
import { handler } from '@kehila/functions/workers/sync-group-members';
import { useStackEnv } from '../../support';
import { communityWithGroup, freshGroupId } from '../../../fixtures/whatsapp/stack-community';

/** The `participants` messages one schedule run sends (captured, not sent). */
async function scheduledJobs(deps: Deps): Promise<GroupSyncJob[]> {
  const jobs: GroupSyncJob[] = [];
  const queues = {
    ...deps.queues,
    sendBatch: async (queue: string, batch: readonly unknown[]) => {
      expect(queue).toBe('participants');
      jobs.push(...(batch as GroupSyncJob[]));
    },
  } as Deps['queues'];
  await runGroupSyncSchedule({ db: deps.db, queues });
  return jobs;
}

/** An SQS event of `participants` records, as Lambda's event source hands it to the worker. */
function sqsEvent(communityIds: readonly string[]): SQSEvent {
  return {
    Records: communityIds.map((communityId, i) => ({
      messageId: `m-${i}-${randomUUID().slice(0, 8)}`,
      receiptHandle: `r-${i}`,
      body: JSON.stringify({ communityId }),
      // the last receive: a failed record is reported, without a back-off call to SQS
      attributes: { ApproximateReceiveCount: '3' } as SQSEvent['Records'][number]['attributes'],
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:participants',
      awsRegion: 'us-east-1',
    })),
  };
}

const person = (digits: string, name: string): ProviderParticipant => ({
  id: `${digits}@c.us`,
  phoneId: null,
  name,
  admin: false,
});

describe('the scheduled participant-list read', () => {
  let deps: Deps;

  beforeAll(() => {
    deps = useStackEnv();
  });

  it('queues one read per connected community, and none for a community whose group is gone', async () => {
    const a = await communityWithGroup(deps, freshGroupId());
    const b = await communityWithGroup(deps, freshGroupId());
    // a claim whose community no longer holds the group (disconnected): not read
    const now = new Date();
    const gone = blankCommunity({
      id: `nogroup-${randomUUID().slice(0, 8)}`,
      name: 'Gone',
      groupId: null,
      ownerId: null,
      now,
    });
    await createCommunity(deps.db, gone);
    await claimGroup(deps.db, freshGroupId(), gone.id);

    const jobs = await scheduledJobs(deps);
    const ids = jobs.map((j) => j.communityId);
    expect(ids.filter((id) => id === a.id)).toHaveLength(1);
    expect(ids.filter((id) => id === b.id)).toHaveLength(1);
    expect(ids).not.toContain(gone.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the worker applies each list (a missing participant left, a new one joined); a failed read stops no other', async () => {
    const groupA = freshGroupId();
    const groupB = freshGroupId();
    const a = await communityWithGroup(deps, groupA);
    const b = await communityWithGroup(deps, groupB);
    await loadSenderHashKey(deps);
    const stays = person('972508880001', 'Noa');
    const leaves = person('972508880002', 'Avi');
    const joins = person('972508880003', 'Yael');
    await applyParticipantEvents(deps, a.id, [
      { groupId: groupA, action: 'join', participants: [stays, leaves], timestamp: '2026-11-01T10:00:00.000Z' },
    ]);

    // the gateway answers group A's list and fails group B's read
    const lists = new Map<string, readonly ProviderParticipant[]>([[groupA, [stays, joins]]]);
    setDeps({
      ...deps,
      whatsapp: {
        ...deps.whatsapp,
        participants: async (groupId: string) => {
          const list = lists.get(groupId);
          if (!list) throw new Error('gateway: 429 Too Many Requests');
          return list;
        },
      },
    });
    try {
      // B first: its failure must not stop A's read
      const event = sqsEvent([b.id, a.id]);
      const res = await handler(event);
      expect(res.batchItemFailures).toEqual([{ itemIdentifier: event.Records[0]!.messageId }]);

      const byId = new Map((await listParticipants(deps.db, a.id)).map((p) => [p.wa_id, p]));
      expect(byId.get(stays.id)).toMatchObject({ status: 'in_group', joined_at: '2026-11-01T10:00:00.000Z' });
      expect(byId.get(joins.id)).toMatchObject({ status: 'in_group' });
      expect(byId.get(leaves.id)?.status).toBe('left');
      expect(byId.get(leaves.id)?.left_at).not.toBeNull();

      // idempotent: the same list read again changes nothing
      const again = await handler(sqsEvent([a.id]));
      expect(again.batchItemFailures).toEqual([]);
      const state = (
        list: Iterable<{ wa_id: string; status: string; joined_at: string | null; left_at: string | null }>,
      ) => [...list].map((p) => [p.wa_id, p.status, p.joined_at, p.left_at]).sort();
      expect(state(await listParticipants(deps.db, a.id))).toEqual(state(byId.values()));
    } finally {
      setDeps(deps);
    }
  });
});
