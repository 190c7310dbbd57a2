import { mockTable } from '../../../../support/table-mock';
import { describe, expect, it } from 'vitest';
import { QueryCommand } from '@kehila/functions/data/table-client';
import { createDb } from '@kehila/functions/data/db';
import { latestSummary } from '@kehila/functions/core/messages/ai-actions';

describe('latest summary', () => {
  const db = createDb({ region: 'us-east-1', tableName: 't', endpoints: {} });
  const stored = (createdAt: string) => ({
    Items: [{ id: 's1', group_id: 'g@g.us', summary: 'Key Topics: hiring', created_at: createdAt }],
  });
  const now = () => new Date('2026-01-02T12:00:00.000Z');

  it.each([
    ['23 hours old', '2026-01-01T13:00:00.000Z', true],
    ['25 hours old', '2026-01-01T11:00:00.000Z', false],
  ])('a summary %s is reused: %s', async (_case, createdAt, reused) => {
    const ddb = mockTable();
    ddb.on(QueryCommand).resolves(stored(createdAt));
    const res = await latestSummary({ db, now }, 'c1');
    expect(res !== null).toBe(reused);
    ddb.restore();
  });
});
