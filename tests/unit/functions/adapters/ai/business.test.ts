import { describe, expect, it } from 'vitest';
import {
  budgetIn,
  detectOpportunitiesLocal,
  detectOpportunity,
  matchPartnersLocal,
  servicesIn,
  timelineIn,
} from '@kehila/functions/adapters/ai/local/business';
import type { AiInputMessage, AiMemberProfile } from '@kehila/functions/core/ports/ai';

const at = '2026-11-25T10:00:00.000Z'; // a Wednesday
const msg = (id: string, text: string, sender = 'Dana'): AiInputMessage => ({
  id,
  text,
  sender_name: sender,
  timestamp: at,
});
const member = (id: string, p: Partial<AiMemberProfile> = {}): AiMemberProfile => ({
  id,
  name: `Member ${id}`,
  job_role: null,
  company: null,
  headline: null,
  skills: [],
  location: null,
  decision_authority: null,
  revenue_potential_score: null,
  referral_value: null,
  ...p,
});

describe('local opportunity detection', () => {
  const members = [
    member('cpa', { name: 'Rina Katz', job_role: 'CPA', company: 'Katz & Co' }),
    member('dev', { name: 'Omer Levi', job_role: 'Full stack developer', company: 'Levi Labs' }),
    member('designer', { name: 'Noa Bar', job_role: 'מעצבת גרפית', skills: ['Branding', 'UX'] }),
  ];

  it('finds an English request with a budget and a deadline, and matches the member whose profile offers it', () => {
    const o = detectOpportunity(
      msg('m1', 'Looking for an accountant for my startup, budget of ₪8,000, need it by Friday'),
      members,
    );
    expect(o).toMatchObject({
      opportunity_type: 'service_request',
      estimated_value: 8000,
      timeline_days: 2,
      confidence: 0.9,
      service: { en: 'Accountant', he: 'רואה חשבון' },
      message_ids: ['m1'],
    });
    expect(o?.matches[0]?.member_id).toBe('cpa');
  });

  it('finds a Hebrew request with a budget in thousands and a deadline in weeks', () => {
    const o = detectOpportunity(msg('m2', 'מחפשת מפתח לבניית אפליקציה, תקציב של 40 אלף ש"ח, תוך שבועיים'), members);
    expect(o).toMatchObject({ estimated_value: 40_000, timeline_days: 14, service: { en: 'Developer' } });
    expect(o?.matches[0]?.member_id).toBe('dev');
  });

  it('reads dollar budgets in shekels and hiring as a job referral', () => {
    const o = detectOpportunity(msg('m3', "We're hiring a designer for our brand, paying $5k"), members);
    expect(o).toMatchObject({ opportunity_type: 'job_referral', estimated_value: 18_500 });
    expect(o?.matches[0]?.member_id).toBe('designer');
  });

  it('gives a request without budget or deadline a lower confidence and asks for both', () => {
    const o = detectOpportunity(msg('m4', 'Does anyone know a good lawyer?'), members);
    expect(o).toMatchObject({ estimated_value: null, timeline_days: null, confidence: 0.5, matches: [] });
    expect(o?.action_items).toEqual(['Reply to Dana in the group', 'Ask for the budget', 'Ask for the deadline']);
  });

  it.each([
    ['an offer of services', "I'm a developer, available for new projects"],
    ['looking for clients', 'מחפש לקוחות חדשים לעיצוב גרפי'],
    ['a recommendation', 'Highly recommend Rina, the best accountant — 050-1234567'],
    ['a question without a service', 'Does anyone know what time the meetup starts?'],
    ['small talk', 'בוקר טוב לכולם! מה נשמע?'],
  ])('does not take %s for an opportunity', (_what, text) => {
    expect(detectOpportunitiesLocal([msg('x', text)], members)).toEqual([]);
  });

  it('is deterministic', () => {
    const batch = [
      msg('a', 'Need a photographer for an event next week, budget 3000 NIS'),
      msg('b', 'מישהו מכיר עורך דין טוב?'),
    ];
    expect(detectOpportunitiesLocal(batch, members)).toEqual(detectOpportunitiesLocal(batch, members));
    expect(detectOpportunitiesLocal(batch, members).map((o) => o.message_ids[0])).toEqual(['a', 'b']);
  });
});

describe('budgets, deadlines and services', () => {
  it.each([
    ['budget of 8,000 ₪', 8000],
    ['תקציב 20 אלף', 20_000],
    ['up to 15k', 15_000],
    ['5000 שקלים', 5000],
    ['call me at 050-1234567', null],
    ['we are 3 founders', null],
  ])('%s → %s', (text, value) => {
    expect(budgetIn(text)).toBe(value);
  });

  it.each([
    ['ASAP please', 1],
    ['within 3 weeks', 21],
    ['next month', 30],
    ['עד יום ראשון', 4],
    ['תוך 10 ימים', 10],
    ['no date given', null],
  ])('%s → %s days', (text, days) => {
    expect(timelineIn(text, new Date(at))).toBe(days);
  });

  it('knows a service with Hebrew prefix letters and final letters', () => {
    expect(servicesIn('צריכה לרואה חשבון')).toEqual(['accountant']);
    expect(servicesIn('מחפשים מתכנתים')).toEqual([]);
    expect(servicesIn('a UX designer and a copywriter')).toEqual(['designer', 'copywriter']);
  });
});

describe('local partnership matching', () => {
  it('pairs complementary members of different companies, best first, at most max', () => {
    const members = [
      member('dev', { job_role: 'Developer', company: 'A', referral_value: 2000 }),
      member('des', { job_role: 'Designer', company: 'B', referral_value: 1000 }),
      member('des2', { job_role: 'Designer', company: 'A' }),
      member('law', { job_role: 'Lawyer', company: 'C' }),
      member('cpa', { job_role: 'Accountant', company: 'D', decision_authority: true }),
      member('chef', { job_role: 'Chef' }),
    ];
    const pairs = matchPartnersLocal(members, 20);
    const keyOf = (p: { member_a_id: string; member_b_id: string }) => [p.member_a_id, p.member_b_id].sort().join('+');
    expect(pairs.map(keyOf)).toEqual(['cpa+law', 'des+dev']);
    expect(pairs[1]).toMatchObject({ compatibility: 0.85, estimated_value: 3000, opportunity_type: 'joint_offering' });
    expect(pairs[0]?.estimated_value).toBeNull();
    expect(matchPartnersLocal(members, 1)).toHaveLength(1);
  });
});
