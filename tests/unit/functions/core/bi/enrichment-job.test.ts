import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '@kehila/functions/core/deps';
import { loadConfig } from '@kehila/functions/core/config';
import { ENRICHMENT_CHUNK, runEnrichmentChunk, startEnrichment } from '@kehila/functions/core/bi/enrichment';
import type { ProfileEnrichmentPort } from '@kehila/functions/core/ports/enrichment';
import type { QueueClient } from '@kehila/functions/core/ports/queues';
import { createDb, type Db } from '@kehila/functions/data/db';
import { getEnrichmentJob } from '@kehila/functions/data/enrichment';
import { getMember, putMember } from '@kehila/functions/data/memberships';
import { fixtureProfiles } from '@kehila/functions/adapters/enrichment/fixtures';
import { ensureTable, startDynamo, type LocalDynamo } from '../../../../../infra/local/engines/dynamodb';
import { professional } from '../../../../fixtures/bi';

// The job against the real local table engine (dynalite in memory), with the fixture provider and a recorded queue.
let dynamo: LocalDynamo;
let db: Db;
let tableNo = 0;
const CID = 'enrich-c';

beforeAll(async () => {
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  dynamo = await startDynamo();
});
afterAll(async () => {
  await dynamo.close();
});

async function setup(members: number, provider: ProfileEnrichmentPort = fixtureProfiles()) {
  const table = `enrichment-${++tableNo}`;
  await ensureTable(dynamo.endpoint, table);
  db = createDb({ region: 'us-east-1', tableName: table, endpoints: { dynamodb: dynamo.endpoint } });
  const sent: { queue: string; body: unknown }[] = [];
  const queues = {
    send: (queue: string, body: unknown) => {
      sent.push({ queue, body });
      return Promise.resolve();
    },
  } as unknown as QueueClient;
  const deps = {
    db,
    queues,
    enrichment: provider,
    now: () => new Date(),
    config: loadConfig({ TABLE_NAME: table, STAGE: 'local' } as NodeJS.ProcessEnv),
  } as unknown as Deps;
  for (let i = 0; i < members; i++) {
    await putMember(
      db,
      professional(CID, `m${String(i).padStart(3, '0')}`, {
        first_name: `M${i}`,
        linkedin_profile_url:
          i === 0 ? 'https://www.linkedin.com/in/yossi-cohen-kehila-demo' : `https://www.linkedin.com/in/m-${i}`,
      }),
    );
  }
  return { deps, sent };
}

const once = { receiveCount: 1, maxReceiveCount: 3 };

describe('an enrichment job, chunk by chunk', () => {
  it('works the members in chunks, queueing the next chunk, with progress after each member, and releases the lock when done', async () => {
    const { deps, sent } = await setup(ENRICHMENT_CHUNK + 2);
    const ids = Array.from({ length: ENRICHMENT_CHUNK + 2 }, (_, i) => `m${String(i).padStart(3, '0')}`);
    const job = await startEnrichment(deps, CID, { memberIds: ids, onlyPending: true, single: false });
    expect(sent).toEqual([{ queue: 'enrichment', body: { communityId: CID, jobId: job.id, offset: 0 } }]);
    await runEnrichmentChunk(deps, { communityId: CID, jobId: job.id, offset: 0 }, once);
    const half = await getEnrichmentJob(db, CID, job.id);
    expect(half).toMatchObject({ status: 'running', processed: ENRICHMENT_CHUNK, enriched: 1 });
    expect(sent[1]?.body).toEqual({ communityId: CID, jobId: job.id, offset: ENRICHMENT_CHUNK });
    // a redelivered first chunk counts nobody twice
    await runEnrichmentChunk(deps, { communityId: CID, jobId: job.id, offset: 0 }, once);
    expect((await getEnrichmentJob(db, CID, job.id))?.processed).toBe(ENRICHMENT_CHUNK);
    await runEnrichmentChunk(deps, { communityId: CID, jobId: job.id, offset: ENRICHMENT_CHUNK }, once);
    expect(await getEnrichmentJob(db, CID, job.id)).toMatchObject({
      status: 'done',
      processed: ENRICHMENT_CHUNK + 2,
      enriched: 1,
      not_found: ENRICHMENT_CHUNK + 1,
    });
    expect((await getMember(db, CID, 'm000'))?.role_level).toBe('Director');
    // the lock is free: another job starts
    await expect(
      startEnrichment(deps, CID, { memberIds: ['m000'], onlyPending: false, single: true }),
    ).resolves.toMatchObject({
      status: 'queued',
    });
  });

  it('fails the delivery when the provider cannot answer, and the job with "Enrichment failed" on the last receive', async () => {
    const down: ProfileEnrichmentPort = { name: 'peopledatalabs', lookup: () => Promise.reject(new Error('503')) };
    const { deps } = await setup(1, down);
    const job = await startEnrichment(deps, CID, { memberIds: ['m000'], onlyPending: false, single: true });
    const msg = { communityId: CID, jobId: job.id, offset: 0 };
    await expect(runEnrichmentChunk(deps, msg, once)).rejects.toThrow('503');
    expect((await getEnrichmentJob(db, CID, job.id))?.status).toBe('running');
    await expect(runEnrichmentChunk(deps, msg, { receiveCount: 3, maxReceiveCount: 3 })).rejects.toThrow('503');
    expect(await getEnrichmentJob(db, CID, job.id)).toMatchObject({ status: 'failed', error: 'Enrichment failed' });
    await expect(
      startEnrichment(deps, CID, { memberIds: ['m000'], onlyPending: false, single: true }),
    ).resolves.toBeTruthy();
  });
});
