import { describe, expect, it } from 'vitest';
import {
  COMMUNITY_INFO_MESSAGES,
  CommunityInfoFormSchema,
  SUGGESTED_BUSINESS_FOCUS_TAGS,
  addBusinessFocusTag,
  communityInfoFormValues,
  normalizeBusinessFocus,
  removeBusinessFocusTag,
  toggleBusinessFocusTag,
  validateForm,
} from '@kehila/shared';

const valid = {
  group_description: 'Tech founders in Israel',
  group_goals: 'Share deals and knowledge',
  admin_name: 'Dana',
  admin_gender: 'Female',
  group_language: 'Hebrew',
};

const errorsFor = (patch: Record<string, unknown>) => validateForm(CommunityInfoFormSchema, { ...valid, ...patch }).errors;

describe('community information form (S1 §5 table)', () => {
  it.each([
    ['group_description', '', 'Group description is required'],
    ['group_description', '   ', 'Group description is required'],
    ['group_description', undefined, 'Group description is required'],
    ['group_goals', '', 'Group goals are required'],
    ['admin_name', '', 'Admin name is required'],
    ['admin_gender', '', 'Please select your gender'],
    ['admin_gender', 'male', 'Please select your gender'],
    ['admin_gender', undefined, 'Please select your gender'],
    ['group_language', '', 'Please select the group language'],
    ['group_language', 'French', 'Please select the group language'],
    ['admin_phone', 'call me', 'Please enter a valid phone number'],
    ['admin_phone', '++972 50', 'Please enter a valid phone number'],
    ['admin_phone', '050 123+4567', 'Please enter a valid phone number'],
    ['meaningful_id', 'tech_il', 'ID can only contain lowercase letters, numbers, and hyphens'],
    ['meaningful_id', 'tech il', 'ID can only contain lowercase letters, numbers, and hyphens'],
    ['meaningful_id', 'תל-אביב', 'ID can only contain lowercase letters, numbers, and hyphens'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(errorsFor({ [field]: value })).toEqual({ [field]: message });
  });

  it.each([
    ['group_description', 500],
    ['group_goals', 500],
    ['admin_name', 100],
    ['meaningful_id', 50],
    ['group_rules', 2000],
    ['member_onboarding_info', 1000],
    ['pine_coin_manager_id', 100],
  ])('%s accepts %i characters and rejects one more', (field, max) => {
    expect(errorsFor({ [field]: 'a'.repeat(max) })).toEqual({});
    expect(Object.keys(errorsFor({ [field]: 'a'.repeat(max + 1) }))).toEqual([field]);
  });

  it.each(['Male', 'Female', 'Other', 'Prefer not to say'])('admin_gender %s is accepted', (g) => {
    expect(errorsFor({ admin_gender: g })).toEqual({});
  });

  it.each(['English', 'Hebrew', 'Mixed'])('group_language %s is accepted', (l) => {
    expect(errorsFor({ group_language: l })).toEqual({});
  });

  it.each(['+972 50-123-4567', '(03) 555 1234', '0501234567', '+1 (212) 555-1234'])('admin_phone %j is accepted', (p) => {
    expect(errorsFor({ admin_phone: p })).toEqual({});
  });

  it('forces meaningful_id to lowercase', () => {
    const r = validateForm(CommunityInfoFormSchema, { ...valid, meaningful_id: 'Tech-IL-2025' });
    expect(r.valid && r.data.meaningful_id).toBe('tech-il-2025');
  });

  it('defaults: language English, destination whatsapp, weekly on, daily off; empty optionals → null', () => {
    const r = validateForm(CommunityInfoFormSchema, {
      ...valid,
      group_language: undefined,
      admin_phone: '',
      meaningful_id: '   ',
      group_rules: '',
      member_onboarding_info: null,
    });
    expect(r.valid).toBe(true);
    if (!r.valid) return;
    expect(r.data).toEqual({
      ...valid,
      group_language: 'English',
      admin_phone: null,
      meaningful_id: null,
      group_rules: null,
      member_onboarding_info: null,
      pine_coin_manager_id: null,
      business_focus: [],
      summary_destination: 'whatsapp',
      weekly_summary: true,
      daily_summary: false,
    });
  });

  it.each(['whatsapp', 'sheet', 'both'])('summary destination %s is accepted', (d) => {
    expect(errorsFor({ summary_destination: d })).toEqual({});
  });

  it('rejects another summary destination', () => {
    expect(Object.keys(errorsFor({ summary_destination: 'email' }))).toEqual(['summary_destination']);
  });

  it('reports every required field of an empty form', () => {
    expect(validateForm(CommunityInfoFormSchema, {}).errors).toEqual({
      group_description: 'Group description is required',
      group_goals: 'Group goals are required',
      admin_name: 'Admin name is required',
      admin_gender: 'Please select your gender',
    });
  });

  it('the submit toast reads as the spec says', () => {
    expect(COMMUNITY_INFO_MESSAGES.submitInvalid).toBe('Please fill in all required fields');
  });

  it('cleans business focus on submit: trims, drops empty and duplicate tags', () => {
    const r = validateForm(CommunityInfoFormSchema, { ...valid, business_focus: [' Sales ', '', 'Sales', 'Legal', '  '] });
    expect(r.valid && r.data.business_focus).toEqual(['Sales', 'Legal']);
  });
});

describe('business focus tags (S1 §5)', () => {
  it('adds trimmed custom tags and ignores empty or duplicate ones', () => {
    let tags: string[] = [];
    tags = addBusinessFocusTag(tags, '  Cyber  ');
    tags = addBusinessFocusTag(tags, '');
    tags = addBusinessFocusTag(tags, '   ');
    tags = addBusinessFocusTag(tags, 'Cyber');
    tags = addBusinessFocusTag(tags, ' Cyber');
    tags = addBusinessFocusTag(tags, 'Legal');
    expect(tags).toEqual(['Cyber', 'Legal']);
  });

  it('removes tags and toggles presets', () => {
    expect(removeBusinessFocusTag(['Sales', 'Legal'], 'Sales')).toEqual(['Legal']);
    expect(removeBusinessFocusTag(['Sales'], 'Design')).toEqual(['Sales']);
    expect(toggleBusinessFocusTag(['Sales'], 'Design')).toEqual(['Sales', 'Design']);
    expect(toggleBusinessFocusTag(['Sales', 'Design'], 'Sales')).toEqual(['Design']);
  });

  it('does not change the list it is given', () => {
    const tags = ['Sales'];
    addBusinessFocusTag(tags, 'Legal');
    removeBusinessFocusTag(tags, 'Sales');
    expect(tags).toEqual(['Sales']);
  });

  it('normalises stored lists', () => {
    expect(normalizeBusinessFocus(null)).toEqual([]);
    expect(normalizeBusinessFocus(['a', ' a', 'b ', ''])).toEqual(['a', 'b']);
  });

  it('offers the 15 suggested tags of the spec', () => {
    expect(SUGGESTED_BUSINESS_FOCUS_TAGS).toEqual([
      'HR & Recruitment',
      'Technology',
      'Marketing',
      'Sales',
      'Finance',
      'Healthcare',
      'Education',
      'Real Estate',
      'Legal',
      'Consulting',
      'Startups',
      'E-commerce',
      'Manufacturing',
      'Design',
      'Content Creation',
    ]);
  });
});

describe('community information form values (Cancel resets to saved values, S1 §4)', () => {
  it('turns a stored community into form values with defaults', () => {
    const v = communityInfoFormValues({ group_description: 'd', admin_phone: null, business_focus: ['Sales'], daily_summary: true });
    expect(v).toMatchObject({
      group_description: 'd',
      group_goals: '',
      admin_phone: '',
      group_language: 'English',
      business_focus: ['Sales'],
      summary_destination: 'whatsapp',
      weekly_summary: true,
      daily_summary: true,
    });
  });

  it('round-trips through the schema', () => {
    const stored = { ...valid, admin_phone: '+972 50 123 4567', business_focus: ['Sales'], meaningful_id: 'tech', group_rules: 'Be kind' };
    const r = validateForm(CommunityInfoFormSchema, communityInfoFormValues(stored));
    expect(r.valid && r.data).toMatchObject(stored);
  });
});
