import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupDigits, PlatformStatsBlock } from '../../../web/src/public/platform-stats';

describe('groupDigits (the landing page writes counts without Intl.NumberFormat)', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [12345, '12,345'],
    [1234567, '1,234,567'],
    [1234567.6, '1,234,568'],
  ])('writes %d as %s', (n, text) => {
    expect(groupDigits(n)).toBe(text);
  });

  it('writes what en-US and he-IL number formatting write for whole counts', () => {
    for (const n of [0, 42, 1000, 98765, 1234567, 90000001]) {
      expect(groupDigits(n)).toBe(new Intl.NumberFormat('en-US').format(n));
      expect(groupDigits(n)).toBe(new Intl.NumberFormat('he-IL').format(n));
    }
  });
});

describe('PlatformStatsBlock', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a dash until the totals arrive, then the totals with separators', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ messages_analyzed: 123456, active_communities: 12, community_members: 4321 }),
      ),
    );
    render(<PlatformStatsBlock lang="en" />);
    expect(screen.getAllByTestId('platform-stat').map((d) => d.textContent)).toEqual(['–', '–', '–']);
    await waitFor(() =>
      expect(screen.getAllByTestId('platform-stat').map((d) => d.textContent)).toEqual(['123,456', '12', '4,321']),
    );
  });
});
