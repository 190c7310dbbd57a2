import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FIELD_REQUIREMENTS,
  INVITE_FIELD_REQUIREMENT_KEYS,
  InviteRegistrationSchema,
  isFieldRequired,
  isLinkedInUrl,
  requiresRulesAcceptance,
  validateForm,
  type FieldRequirementKey,
  type InviteFormConfig,
} from '@kehila/shared';

const base = {
  first_name: 'Dana',
  last_name: 'Levi',
  email: 'dana@example.com',
  country_code: '+972',
  accepted_privacy_policy: true,
  accepted_email_communications: true,
};
const noneRequired: InviteFormConfig = { form_fields: { field_requirements: {} } };
const only = (field: FieldRequirementKey): InviteFormConfig => ({ form_fields: { field_requirements: { [field]: true } } });
const errorsFor = (invite: InviteFormConfig | null, patch: Record<string, unknown>) =>
  validateForm(InviteRegistrationSchema(invite), { ...base, ...patch }).errors;

describe('invite registration: always-required fields (S1 §5)', () => {
  it.each([
    ['first_name', '', 'First name is required'],
    ['first_name', '  ', 'First name is required'],
    ['last_name', undefined, 'Last name is required'],
    ['email', '', 'Please enter a valid email address'],
    ['email', 'dana@', 'Please enter a valid email address'],
    ['country_code', '', 'Country code is required'],
    ['accepted_privacy_policy', false, 'You must accept the Privacy Policy to continue'],
    ['accepted_email_communications', undefined, 'You must agree to receive communications to continue'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(errorsFor(noneRequired, { [field]: value })).toEqual({ [field]: message });
  });

  it('country code defaults to +972', () => {
    const r = validateForm(InviteRegistrationSchema(noneRequired), { ...base, country_code: undefined });
    expect(r.valid && r.data.country_code).toBe('+972');
  });

  it('with no requirements, optional fields may be empty and become null', () => {
    const r = validateForm(InviteRegistrationSchema(noneRequired), { ...base, phone: '', company: ' ', gender: '', linkedin_profile_url: '' });
    expect(r.valid).toBe(true);
    if (!r.valid) return;
    expect(r.data).toMatchObject({
      phone: null,
      company: null,
      job_role: null,
      role_level: null,
      gender: null,
      linkedin_profile_url: null,
      facebook_name: null,
      referral_source: null,
      attend_live_events: null,
      custom_field_value: null,
      rules_accepted: false,
    });
  });

  it('no invite at all requires only the always-required fields', () => {
    expect(errorsFor(null, {})).toEqual({});
  });
});

describe('invite registration: per-invite field requirements (S1 §5 table)', () => {
  it.each([
    ['phone', '', 'Please enter a valid phone number'],
    ['phone', '050123456', 'Please enter a valid phone number'],
    ['company', '', 'Company is required'],
    ['job_role', '', 'Job role is required'],
    ['role_level', '', 'Role level is required'],
    ['gender', '', 'Gender is required'],
    ['linkedin_profile_url', '', 'Please enter a valid LinkedIn URL'],
    ['linkedin_profile_url', 'https://example.com/dana', 'Please enter a valid LinkedIn URL'],
    ['facebook_name', undefined, 'Facebook name is required'],
    ['referral_source', null, 'Please tell us how you heard about us'],
    ['attend_live_events', '', 'Please select your preference'],
  ] as const)('required %s = %j → %s', (field, value, message) => {
    expect(errorsFor(only(field), { [field]: value })).toEqual({ [field]: message });
    // The same empty or short value is fine when the invite does not require the field.
    if (value === '' || value === null || value === undefined || field === 'phone') {
      expect(errorsFor(noneRequired, { [field]: value })).toEqual({});
    }
  });

  it.each([
    ['phone', '0501234567'],
    ['company', 'Acme'],
    ['job_role', 'CTO'],
    ['role_level', 'c_level'],
    ['gender', 'prefer_not_to_say'],
    ['linkedin_profile_url', 'https://www.linkedin.com/in/dana'],
    ['facebook_name', 'Dana L'],
    ['referral_source', 'facebook_linkedin'],
    ['attend_live_events', 'bi_monthly'],
  ] as const)('required %s = %j is accepted', (field, value) => {
    expect(errorsFor(only(field), { [field]: value })).toEqual({});
  });

  it.each([
    ['role_level', 'Senior', 'Role level is required'],
    ['gender', 'Female', 'Gender is required'],
    ['referral_source', 'radio', 'Please tell us how you heard about us'],
    ['attend_live_events', 'weekly', 'Please select your preference'],
    ['linkedin_profile_url', 'not a url', 'Please enter a valid LinkedIn URL'],
  ])('an unknown %s value (%j) is rejected even when optional', (field, value, message) => {
    expect(errorsFor(noneRequired, { [field]: value })).toEqual({ [field]: message });
  });

  it('the invite form defaults (S3 §5) require phone, role level, gender, LinkedIn, referral and live events', () => {
    const invite = { form_fields: { field_requirements: DEFAULT_FIELD_REQUIREMENTS } };
    expect(Object.keys(errorsFor(invite, {})).sort()).toEqual(
      ['attend_live_events', 'gender', 'linkedin_profile_url', 'phone', 'referral_source', 'role_level'].sort(),
    );
  });

  it('adds https:// to a LinkedIn URL typed without it', () => {
    const r = validateForm(InviteRegistrationSchema(noneRequired), { ...base, linkedin_profile_url: 'linkedin.com/in/dana' });
    expect(r.valid && r.data.linkedin_profile_url).toBe('https://linkedin.com/in/dana');
  });

  it.each([
    ['https://www.linkedin.com/in/dana', true],
    ['http://il.linkedin.com/in/dana/', true],
    ['linkedin.com/company/acme', true],
    ['https://linkedin.com.evil.io/in/dana', false],
    ['https://notlinkedin.com/in/dana', false],
    ['dana', false],
  ])('isLinkedInUrl(%j) → %s', (url, expected) => {
    expect(isLinkedInUrl(url)).toBe(expected);
  });

  it('reads requirements only when set to true', () => {
    for (const key of INVITE_FIELD_REQUIREMENT_KEYS) {
      expect(isFieldRequired(only(key), key)).toBe(true);
      expect(isFieldRequired(noneRequired, key)).toBe(false);
      expect(isFieldRequired(null, key)).toBe(false);
    }
  });
});

describe('invite registration: custom field and rules acceptance (S1 §5)', () => {
  it('the custom field stays optional even when marked required', () => {
    const invite = { form_fields: { field_requirements: {}, custom_field: { enabled: true, label: 'Team', required: true } } };
    expect(errorsFor(invite, { custom_field_value: '' })).toEqual({});
    const r = validateForm(InviteRegistrationSchema(invite), { ...base, custom_field_value: ' Blue ' });
    expect(r.valid && r.data.custom_field_value).toBe('Blue');
  });

  it.each([
    [{ require_rules_acceptance: true, group_rules: 'Be kind' }, true],
    [{ require_rules_acceptance: true, group_rules: '  ' }, false],
    [{ require_rules_acceptance: true, group_rules: null }, false],
    [{ require_rules_acceptance: false, group_rules: 'Be kind' }, false],
  ])('%o → rules acceptance required %s', (invite, required) => {
    expect(requiresRulesAcceptance(invite)).toBe(required);
    const errors = errorsFor(invite, { rules_accepted: false });
    expect(errors).toEqual(required ? { rules_accepted: 'You must accept the community rules to continue' } : {});
  });

  it('accepted rules pass', () => {
    expect(errorsFor({ require_rules_acceptance: true, group_rules: 'Be kind' }, { rules_accepted: true })).toEqual({});
  });
});
