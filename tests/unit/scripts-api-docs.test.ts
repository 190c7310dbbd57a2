import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderApiDocs } from '../../scripts/api-docs-render';

describe('docs/api.md', () => {
  it('matches the contract (run `npm run docs:api` after changing a route)', () => {
    const onDisk = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
    expect(onDisk).toBe(renderApiDocs());
  });
});
