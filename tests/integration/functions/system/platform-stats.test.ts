import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '@kehila/functions/core/deps';
import { addToBucket } from '@kehila/functions/data/aggregates';
import { DeleteCommand } from '@kehila/functions/data/table-client';
import { keys } from '@kehila/functions/data/keys';
import { recordEmbeddingVersion } from '@kehila/functions/data/search-state';
import { api, useStackEnv } from '../../support';

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

describe('live platform analytics (GET /api/public/stats)', () => {
  let deps: Deps;
  const clearCache = () =>
    deps.db.doc.send(new DeleteCommand({ TableName: deps.db.table, Key: keys.platformTotals() }));
  const stats = async () => {
    const res = await api('/api/public/stats');
    expect(res.status).toBe(200);
    return res.body as {
      messages_analyzed: number;
      active_communities: number;
      community_members: number;
      computed_at: string;
    };
  };

  beforeAll(() => {
    deps = useStackEnv();
  });

  it('counts the aggregates of every community without sign-in: messages, communities active in 30 days, their distinct senders', async () => {
    await clearCache();
    const before = await stats();
    const active = `stats-active-${randomUUID().slice(0, 8)}`;
    const dormant = `stats-dormant-${randomUUID().slice(0, 8)}`;
    await recordEmbeddingVersion(deps.db, active, 'v1', new Date().toISOString());
    await recordEmbeddingVersion(deps.db, dormant, 'v1', new Date().toISOString());
    await addToBucket(deps.db, {
      communityId: active,
      kind: 'day',
      bucket: day(1),
      delta: { count: 5, s_a: 3, s_b: 2 },
    });
    await addToBucket(deps.db, {
      communityId: active,
      kind: 'day',
      bucket: day(2),
      delta: { count: 4, s_b: 1, s_c: 3 },
    });
    await addToBucket(deps.db, { communityId: dormant, kind: 'day', bucket: day(90), delta: { count: 7, s_z: 7 } });
    await clearCache();
    const after = await stats();
    expect(after.messages_analyzed - before.messages_analyzed).toBe(16);
    expect(after.active_communities - before.active_communities).toBe(1);
    expect(after.community_members - before.community_members).toBe(3);
  });

  it('serves the cached totals to the next visits instead of counting again', async () => {
    const first = await stats();
    const community = `stats-late-${randomUUID().slice(0, 8)}`;
    await recordEmbeddingVersion(deps.db, community, 'v1', new Date().toISOString());
    await addToBucket(deps.db, { communityId: community, kind: 'day', bucket: day(0), delta: { count: 2, s_q: 2 } });
    const second = await stats();
    expect(second).toEqual(first);
  });
});
