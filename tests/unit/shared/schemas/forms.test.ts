import { describe, expect, it } from 'vitest';
import {
  ActionFormSchema,
  BulkMemberUpdateSchema,
  CommunityNameFormSchema,
  CreateDirectoryLinkSchema,
  EnrichmentRequestSchema,
  InvitationOptionsSchema,
  MemberUpdateSchema,
  SupplierFormSchema,
  ThemeFormSchema,
  TransferOwnershipSchema,
  UsernameFormSchema,
  filterSupplierPhoneInput,
  isValidSupplierPhone,
  validateForm,
} from '@kehila/shared';

describe('Create Invitation form (S3 §5)', () => {
  const base = { communityName: 'Tech Founders', groupRules: 'Be kind' };

  it('requires community name and group rules with the spec texts', () => {
    expect(validateForm(InvitationOptionsSchema, {}).errors).toEqual({
      communityName: 'Community name is required',
      groupRules: 'Group rules are required',
    });
    expect(validateForm(InvitationOptionsSchema, { communityName: '  ', groupRules: '' }).errors).toEqual({
      communityName: 'Community name is required',
      groupRules: 'Group rules are required',
    });
  });

  it('applies the spec defaults', () => {
    const r = validateForm(InvitationOptionsSchema, base);
    expect(r.valid).toBe(true);
    if (!r.valid) return;
    expect(r.data).toMatchObject({
      maxUses: null,
      expiresAt: null,
      customButtonText: 'Join Community',
      useLogo: true,
      useCustomColors: false,
      requireRulesAcceptance: true,
      whatsappGroupUrl: null,
      logoUrl: null,
      customColorScheme: null,
      fieldRequirements: {
        phone: true,
        role_level: true,
        gender: true,
        linkedin_profile_url: true,
        referral_source: true,
        attend_live_events: true,
        company: false,
        job_role: false,
        facebook_name: false,
      },
    });
  });

  it.each([
    [{ maxUses: 0 }, {}],
    [{ maxUses: 25 }, {}],
    [{ maxUses: null }, {}],
    [{ maxUses: -1 }, { maxUses: 'Please enter a number of 0 or more' }],
    [{ whatsappGroupUrl: 'https://chat.whatsapp.com/AbC' }, {}],
    [{ whatsappGroupUrl: '' }, {}],
    [{ whatsappGroupUrl: 'chat.whatsapp' }, { whatsappGroupUrl: 'Please enter a valid URL' }],
    [{ logoUrl: 'ftp://x/y.png' }, { logoUrl: 'Please enter a valid URL' }],
    [{ customColorScheme: { primary: '#2563eb' } }, {}],
    [{ customColorScheme: { primary: 'blue' } }, { 'customColorScheme.primary': 'Please enter a valid hex color' }],
    [{ expiresAt: '2030-01-31' }, {}],
    [{ expiresAt: 'someday' }, { expiresAt: 'Please enter a valid date' }],
  ])('%o → %o', (patch, errors) => {
    expect(validateForm(InvitationOptionsSchema, { ...base, ...patch }).errors).toEqual(errors);
  });

  it('stores the expiry as an ISO timestamp and keeps a custom button text', () => {
    const r = validateForm(InvitationOptionsSchema, { ...base, expiresAt: '2030-01-31T00:00:00Z', customButtonText: ' Join us ' });
    expect(r.valid && r.data.expiresAt).toBe('2030-01-31T00:00:00.000Z');
    expect(r.valid && r.data.customButtonText).toBe('Join us');
  });
});

describe('Add Supplier form (S3 §5)', () => {
  it.each([
    [{}, { supplier_name: 'Supplier name is required' }],
    [{ supplier_name: 'A' }, { supplier_name: 'Supplier name is required' }],
    [{ supplier_name: ' A ' }, { supplier_name: 'Supplier name is required' }],
    [{ supplier_name: 'AB' }, {}],
    [{ supplier_name: 'Moshe', phone_number: '050-123-4567' }, {}],
    [{ supplier_name: 'Moshe', phone_number: '+972 (50) 123-4567' }, {}],
    [{ supplier_name: 'Moshe', phone_number: '050-1234' }, { phone_number: 'Please enter a valid phone number (10-15 digits)' }],
    [{ supplier_name: 'Moshe', phone_number: '1234567890123456' }, { phone_number: 'Please enter a valid phone number (10-15 digits)' }],
    [{ supplier_name: 'Moshe', phone_number: '' }, {}],
  ])('%o → %o', (input, errors) => {
    expect(validateForm(SupplierFormSchema, input).errors).toEqual(errors);
  });

  it('sends empty optional fields as null', () => {
    const r = validateForm(SupplierFormSchema, { supplier_name: 'Moshe', website: '', description: '  ', phone_number: '' });
    expect(r.valid && r.data).toMatchObject({ website: null, description: null, phone_number: null, is_reservist_special: false });
  });

  it('filters typed phone characters to digits, spaces, parentheses, plus and hyphen', () => {
    expect(filterSupplierPhoneInput('+972 (50) 123-4567 ext.9a')).toBe('+972 (50) 123-4567 9');
    expect(isValidSupplierPhone('+1 (212) 555-1234')).toBe(true);
  });
});

describe('directory link creation (S3 §5)', () => {
  it.each([
    [{ link_name: '', community_id: 'c1' }, { link_name: 'Please enter a link name' }],
    [{ link_name: '   ', community_id: 'c1' }, { link_name: 'Please enter a link name' }],
    [{ link_name: 'Board', community_id: '' }, { community_id: 'No community selected' }],
    [{ link_name: 'Board', community_id: 'c1', expires_in_days: 3 }, { expires_in_days: expect.any(String) }],
  ])('%o → %o', (input, errors) => {
    expect(validateForm(CreateDirectoryLinkSchema, input).errors).toEqual(errors);
  });

  it('expires in 30 days by default', () => {
    const r = validateForm(CreateDirectoryLinkSchema, { link_name: ' Board ', community_id: 'c1' });
    expect(r.valid && r.data).toEqual({ link_name: 'Board', community_id: 'c1', expires_in_days: 30 });
  });
});

describe('action form (S2 §5)', () => {
  it('requires a title that is not whitespace only', () => {
    expect(validateForm(ActionFormSchema, { title: '   ' }).errors).toEqual({ title: 'Title is required' });
    expect(validateForm(ActionFormSchema, {}).errors).toEqual({ title: 'Title is required' });
  });

  it('defaults priority to medium and saves empty assignee and evidence as null', () => {
    const r = validateForm(ActionFormSchema, { title: 'Call Dana', assigned_to: '', evidence: ' ', due_date: '' });
    expect(r.valid && r.data).toEqual({
      title: 'Call Dana',
      details: null,
      due_date: null,
      priority: 'medium',
      assigned_to: null,
      evidence: null,
      message_refs: [],
    });
  });
});

describe('settings forms (S2 §5)', () => {
  it.each([
    [UsernameFormSchema, { username: '  ' }, { username: 'Username cannot be empty' }],
    [CommunityNameFormSchema, { name: '' }, { name: 'Name cannot be empty' }],
    [CommunityNameFormSchema, { name: 'x'.repeat(101) }, { name: 'Must be at most 100 characters' }],
    [CommunityNameFormSchema, { name: 'x'.repeat(100) }, {}],
    [TransferOwnershipSchema, {}, { new_owner_id: 'Please select an admin to transfer ownership to' }],
    [ThemeFormSchema, { primary_color: 'teal' }, { primary_color: 'Please enter a valid hex color' }],
  ])('%#: %o → %o', (schema, input, errors) => {
    expect(validateForm(schema, input).errors).toEqual(errors);
  });

  it('trims names and fills theme defaults', () => {
    const n = validateForm(CommunityNameFormSchema, { name: '  Tech  ' });
    expect(n.valid && n.data.name).toBe('Tech');
    const t = validateForm(ThemeFormSchema, {});
    expect(t.valid && t.data).toEqual({ primary_color: '#0EA5E9', font_family: 'system-ui, sans-serif', logo_url: null });
  });
});

describe('member edits (S3 §2, §7)', () => {
  it('bulk edit ignores empty fields', () => {
    const r = validateForm(BulkMemberUpdateSchema, {
      member_ids: ['m1', 'm2'],
      changes: { role: '', approval_status: 'approved', company: '  ', job_role: 'CTO', role_level: undefined },
    });
    expect(r.valid && r.data).toEqual({ member_ids: ['m1', 'm2'], changes: { approval_status: 'approved', job_role: 'CTO' } });
  });

  it('bulk edit needs members', () => {
    expect(validateForm(BulkMemberUpdateSchema, { member_ids: [], changes: {} }).valid).toBe(false);
  });

  it('single edit clears a field with an empty value and leaves out absent ones', () => {
    const r = validateForm(MemberUpdateSchema, { firstName: ' Dana ', company: '' });
    expect(r.valid && r.data).toEqual({ firstName: 'Dana', company: null });
  });

  it('enrichment needs a selection', () => {
    expect(
      validateForm(EnrichmentRequestSchema, { member_ids: [], community_id: 'c1', batch_mode: true, batch_size: 5 }).errors,
    ).toEqual({ member_ids: 'Please select members to enrich' });
  });
});
