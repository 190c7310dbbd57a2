import { describe, expect, it } from 'vitest';
import { communityDisplayName, type Member } from '@kehila/shared';
import { adminMembership, blankCommunity, isActiveMembership } from '@kehila/functions/core/communities/records';
import { activeWindowStart, needsMetadata } from '@kehila/functions/core/communities/communities';
import { onboardingCommunityName } from '@kehila/functions/core/communities/onboarding';

const now = new Date('2026-06-30T15:00:00.000Z');

describe('community records', () => {
  it('a new community takes the spec defaults and its creator as workspace owner', () => {
    expect(blankCommunity({ id: 'c', name: 'n', groupId: null, ownerId: 'u', now })).toMatchObject({
      group_language: 'English',
      summary_destination: 'whatsapp',
      weekly_summary: true,
      daily_summary: false,
      business_focus: [],
      owner_id: 'u',
      group_id: null,
      metadata_collected_at: null,
    });
  });

  it('onboarding names the community "<username>\'s Community", which displays as the WhatsApp group once connected', () => {
    const name = onboardingCommunityName('dana');
    expect(name).toBe("dana's Community");
    expect(communityDisplayName({ name, group_id: '120363041234567890@g.us', meaningful_id: null })).toBe(
      'WhatsApp Group (12036304...)',
    );
  });

  it('upserting the caller as Admin keeps an existing membership’s personal fields and creation time', () => {
    const existing = {
      id: 'u',
      auth_id: 'u',
      community_id: 'c',
      role: 'Member',
      status: 'inactive',
      approval_status: 'pending',
      first_name: 'Dana',
      created_at: '2026-01-01T00:00:00.000Z',
    } as Member;
    const m = adminMembership({ communityId: 'c', user: { id: 'u', email: 'd@x.co' }, profile: null, existing, now });
    expect(m).toMatchObject({
      role: 'Admin',
      status: 'active',
      approval_status: 'approved',
      first_name: 'Dana',
      created_at: '2026-01-01T00:00:00.000Z',
    });
  });

  it('a new Admin membership takes the account e-mail and WhatsApp phone', () => {
    const m = adminMembership({
      communityId: 'c',
      user: { id: 'u', email: 'd@x.co' },
      profile: { phone_number: '+972501234567', country_code: '+972' } as never,
      existing: null,
      now,
    });
    expect(m).toMatchObject({
      id: 'u',
      auth_id: 'u',
      role: 'Admin',
      approval_status: 'approved',
      email: 'd@x.co',
      phone: '+972501234567',
    });
  });

  it.each([
    ['active', 'approved', true],
    ['active', 'pending', false],
    ['inactive', 'approved', false],
  ] as const)('membership %s/%s lets the user in: %s', (status, approval_status, expected) => {
    expect(isActiveMembership({ status, approval_status })).toBe(expected);
  });

  it('the active-member window is the last 30 days including today (UTC)', () => {
    expect(activeWindowStart(now)).toBe('2026-06-01');
  });

  it('needs_metadata while a basic field is missing', () => {
    const c = blankCommunity({ id: 'c', name: 'n', groupId: null, ownerId: 'u', now });
    expect(needsMetadata(c)).toBe(true);
    expect(
      needsMetadata({ ...c, group_description: 'd', group_goals: 'g', admin_name: 'a', admin_gender: 'Female' }),
    ).toBe(false);
  });
});
