import { describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { createDb } from '@kehila/functions/data/db';
import { detailsWithSections, latestSummary } from '@kehila/functions/core/messages/ai-actions';

describe('action details sections (S2 §5)', () => {
  it.each([
    [
      'Call the accountant',
      'Dana asked on Monday',
      '@yossi',
      'Call the accountant\n\n### Evidence:\nDana asked on Monday\n\n### Assigned to: @yossi',
    ],
    ['Call the accountant', null, 'yossi', 'Call the accountant\n\n### Assigned to: @yossi'],
    [null, 'Quote', null, '### Evidence:\nQuote'],
    ['Has it\n\n### Evidence:\nalready', 'Quote', null, 'Has it\n\n### Evidence:\nalready'],
    [null, null, null, null],
  ])('%j + evidence %j + assignee %j', (details, evidence, assignee, expected) => {
    expect(detailsWithSections(details, evidence, assignee)).toBe(expected);
  });
});

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
    const ddb = mockClient(DynamoDBDocumentClient);
    ddb.on(QueryCommand).resolves(stored(createdAt));
    const res = await latestSummary({ db, now }, 'c1');
    expect(res !== null).toBe(reused);
    ddb.restore();
  });
});
