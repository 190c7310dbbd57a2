import { describe, expect, it } from 'vitest';
import { connectionHint, metadataGuard, needsOnboarding, nextStepAfterConnect, onboardingProgress } from '@kehila/shared';

const complete = {
  group_description: 'd',
  group_goals: 'g',
  admin_name: 'n',
  admin_gender: 'Male',
  group_language: 'English',
  admin_phone: '050',
  business_focus: ['Sales'],
};

describe('onboarding progress (S1 §2: step number divided by 3)', () => {
  it.each([
    ['whatsapp', 100 / 3],
    ['metadata', 200 / 3],
    ['complete', 100],
  ] as const)('%s → %d%%', (step, pct) => {
    expect(onboardingProgress(step)).toBeCloseTo(pct);
  });
});

describe('connection polling hints (S1 §4: after more than 5 and more than 15 checks)', () => {
  it.each([
    [0, 'none'],
    [5, 'none'],
    [6, 'slow'],
    [15, 'slow'],
    [16, 'stuck'],
    [40, 'stuck'],
  ] as const)('%i checks → %s', (checks, hint) => {
    expect(connectionHint(checks)).toBe(hint);
  });
});

describe('community setup check (S1 §4)', () => {
  it.each([
    ['pending connection', { hasPendingConnection: true, activeCommunity: { group_id: 'g@g.us' } }, true],
    ['no membership and no pending connection', { hasPendingConnection: false, activeCommunity: null }, true],
    ['membership without group id', { hasPendingConnection: false, activeCommunity: { group_id: null } }, true],
    ['membership with a connected group', { hasPendingConnection: false, activeCommunity: { group_id: 'g@g.us' } }, false],
  ])('%s → onboarding %s', (_label, input, expected) => {
    expect(needsOnboarding(input)).toBe(expected);
  });
});

describe('metadata guard (S1 §4)', () => {
  it.each([
    ['a member passes', { role: 'Member' as const, community: {} }, 'pass'],
    ['no active membership passes', { role: null, community: null }, 'pass'],
    ['admin with missing basics gets the setup screen', { role: 'Admin' as const, community: { ...complete, admin_name: '' } }, 'setup'],
    ['admin who skipped setup gets the banner', { role: 'Admin' as const, community: { admin_phone: '050' }, setupSkipped: true }, 'banner'],
    ['admin with basics but no phone gets the banner', { role: 'Admin' as const, community: { ...complete, admin_phone: null } }, 'banner'],
    ['admin at 100 passes', { role: 'Admin' as const, community: complete }, 'pass'],
  ])('%s', (_label, input, expected) => {
    expect(metadataGuard(input)).toBe(expected);
  });
});

describe('flow after connecting a group (S1 §4, S2 §4)', () => {
  it.each([
    [{ needs_metadata: true, user_role: 'Admin' as const }, 'metadata'],
    [{ needs_metadata: true, user_role: 'Member' as const }, 'complete'],
    [{ needs_metadata: false, user_role: 'Admin' as const }, 'complete'],
    [{ needs_metadata: true, user_role: null }, 'complete'],
  ])('%o → %s', (result, step) => {
    expect(nextStepAfterConnect(result)).toBe(step);
  });
});
