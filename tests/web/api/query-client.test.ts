import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../web/src/api/query-client';

describe('createQueryClient', () => {
  it('uses the S3 §9 query defaults: 1 retry, 1 second apart, 5 minutes stale time', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.retry).toBe(1);
    expect(queries?.retryDelay).toBe(1_000);
    expect(queries?.staleTime).toBe(300_000);
  });
});
