import { describe, expect, it } from 'vitest';
import { completenessScore, guardCompletenessScore, missingBasicFields, type CompletenessSource } from '@kehila/shared';

const basics: CompletenessSource = {
  group_description: 'd',
  group_goals: 'g',
  admin_name: 'n',
  admin_gender: 'Female',
  group_language: 'English',
};

describe('completeness score (S1 §5: basics 60, phone 20, focus 20)', () => {
  it.each([
    ['nothing', {}, 0],
    ['all basics', basics, 60],
    ['all basics + phone', { ...basics, admin_phone: '050' }, 80],
    ['all basics + focus', { ...basics, business_focus: ['Sales'] }, 80],
    ['everything', { ...basics, admin_phone: '050', business_focus: ['Sales'] }, 100],
    ['four of five basics + phone + focus', { ...basics, group_goals: '', admin_phone: '050', business_focus: ['Sales'] }, 40],
    ['phone only', { admin_phone: '050' }, 20],
    ['blank phone and blank tags count as empty', { ...basics, admin_phone: '  ', business_focus: [' '] }, 60],
  ])('%s → %i', (_label, c, score) => {
    expect(completenessScore(c)).toBe(score);
  });

  it('no community → 0', () => {
    expect(completenessScore(null)).toBe(0);
  });
});

describe('guard completeness (S1 §5: basics 80 proportionally, phone and focus share 20)', () => {
  it.each([
    ['nothing', {}, 0],
    ['all basics', basics, 80],
    ['three of five basics', { ...basics, group_goals: null, admin_name: '' }, 48],
    ['one basic', { group_language: 'English' }, 16],
    ['all basics + phone', { ...basics, admin_phone: '050' }, 90],
    ['all basics + focus', { ...basics, business_focus: ['Sales'] }, 90],
    ['everything', { ...basics, admin_phone: '050', business_focus: ['Sales'] }, 100],
    ['phone + focus only', { admin_phone: '050', business_focus: ['Sales'] }, 20],
  ])('%s → %i', (_label, c, score) => {
    expect(guardCompletenessScore(c)).toBe(score);
  });
});

describe('missing basic fields (metadata guard, S1 §4)', () => {
  it('lists the empty basics in order', () => {
    expect(missingBasicFields({ ...basics, group_goals: ' ', admin_gender: null })).toEqual(['group_goals', 'admin_gender']);
    expect(missingBasicFields(basics)).toEqual([]);
    expect(missingBasicFields(null)).toEqual([
      'group_description',
      'group_goals',
      'admin_name',
      'admin_gender',
      'group_language',
    ]);
  });
});
