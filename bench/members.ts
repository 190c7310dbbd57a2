/**
 * Members list benchmark (issue 12): p50/p95 of the members screen's list, search and status filter
 * (core/members/member-list.ts, as the listMembers route runs them) at 10,000 members on dynalite.
 * The first call of a run reads the whole list (printed apart as "cold"); later calls read the
 * member-list version and work on the warm copy, as a warm Lambda does.
 *
 *   npm run bench:members -- [--members 10000] [--rounds 200]
 */
import { parseArgs } from 'node:util';
import { blankMember } from '@kehila/functions/core/communities/records';
import { listMembersPage } from '@kehila/functions/core/members/member-list';
import { batchWrite, createDb } from '@kehila/functions/data/db';
import { bumpMembersVersion } from '@kehila/functions/data/memberships';
import { keys } from '@kehila/functions/data/keys';
import { ensureTable, startDynamo } from '../infra/local/engines/dynamodb';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const { values } = parseArgs({
  options: { members: { type: 'string', default: '10000' }, rounds: { type: 'string', default: '200' } },
});
const count = Number(values.members);
const rounds = Number(values.rounds);

const FIRST = ['Dana', 'Yossi', 'Rina', 'Omer', 'Noa', 'Avi', 'Tamar', 'Eli', 'Maya', 'Gil'];
const LAST = ['Levi', 'Cohen', 'Katz', 'Bar', 'Mizrahi', 'Peretz', 'Biton', 'Friedman'];
const COMPANIES = ['Kinneret Labs', 'Acme', 'Negev Solar', 'Hadar Legal', 'Carmel Health', 'Yarden Data'];
const CITIES = ['Tel Aviv', 'Haifa', 'Jerusalem', 'Beer Sheva', 'Eilat'];
const STATUSES = ['pending', 'approved', 'rejected'] as const;

const percentile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

const dynamo = await startDynamo();
try {
  await ensureTable(dynamo.endpoint, 'bench');
  const db = createDb({ region: 'us-east-1', tableName: 'bench', endpoints: { dynamodb: dynamo.endpoint } });
  const communityId = 'bench-members';
  const start = Date.parse('2026-01-01T00:00:00Z');
  const items = Array.from({ length: count }, (_, i) => {
    const m = blankMember({
      userId: `m-${i}`,
      communityId,
      role: i % 50 === 0 ? 'Admin' : 'Member',
      now: new Date(start + i * 60_000),
      auth_id: null,
      first_name: FIRST[i % FIRST.length] ?? null,
      last_name: `${LAST[i % LAST.length] ?? ''}${i}`,
      email: `member${i}@example.com`,
      phone: `05${String(10_000_000 + i)}`,
      company: COMPANIES[i % COMPANIES.length] ?? null,
      job_role: i % 3 === 0 ? 'Engineer' : 'Founder',
      location: CITIES[i % CITIES.length] ?? null,
      approval_status: STATUSES[i % 3] ?? 'pending',
    });
    return {
      PutRequest: {
        Item: {
          ...keys.member(communityId, m.id),
          ...keys.memberByApproval(communityId, m.approval_status, m.created_at, m.id),
          entity: 'member',
          ...m,
        },
      },
    };
  });
  const loadStart = performance.now();
  await batchWrite(db, items);
  await bumpMembersVersion(db, communityId);
  console.log(`seeded ${count} members in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);

  const deps = { db, now: () => new Date() };
  const base = { status: 'all' as const, q: '', page: 1, pageSize: 20 };
  const t0 = performance.now();
  await listMembersPage(deps, communityId, base);
  console.log(`cold (whole list read once per version): ${(performance.now() - t0).toFixed(1)} ms`);

  const cases = {
    list: (i: number) => ({ ...base, page: 1 + (i % 50) }),
    search: (i: number) => ({ ...base, q: [`member${i * 37}`, 'haifa', 'kinneret', 'levi 1'][i % 4] ?? '' }),
    filter: (i: number) => ({ ...base, status: STATUSES[i % 3] ?? 'pending', page: 1 + (i % 10) }),
  };
  for (const [name, req] of Object.entries(cases)) {
    const ms: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const t = performance.now();
      await listMembersPage(deps, communityId, req(i));
      ms.push(performance.now() - t);
    }
    console.log(
      `${name.padEnd(7)} p50 ${percentile(ms, 0.5).toFixed(1)} ms  p95 ${percentile(ms, 0.95).toFixed(1)} ms  (${rounds} calls, ${count} members)`,
    );
  }
} finally {
  await dynamo.close();
}
