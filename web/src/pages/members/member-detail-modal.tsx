import { useState } from 'react';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import {
  INVITE_FORM_COUNTRIES,
  MemberEditAttendSchema,
  MemberEditGenderSchema,
  MemberEditRoleLevelSchema,
  MemberRoleSchema,
  type Member,
  type MemberUpdate,
} from '@kehila/shared';
import { useToast } from '../../components/toast/use-toast';
import { memberName } from './member-format';
import { MEMBERS_TEXTS as T } from './members-texts';
import type { MemberChanges } from './use-members';

type Editable = Required<{ [K in keyof MemberUpdate]: string }>;

function fromMember(m: Member): Editable {
  return {
    firstName: m.first_name ?? '',
    lastName: m.last_name ?? '',
    email: m.email ?? '',
    phone: m.phone ?? '',
    countryCode: m.country_code ?? '',
    company: m.company ?? '',
    jobRole: m.job_role ?? '',
    linkedinProfileUrl: m.linkedin_profile_url ?? '',
    gender: m.gender ?? '',
    roleLevel: m.role_level ?? '',
    facebookName: m.facebook_name ?? '',
    referralSource: m.referral_source ?? '',
    attendLiveEvents: m.attend_live_events ?? '',
    customFieldValue: m.custom_field_value ?? '',
    customFieldLabel: m.custom_field_label ?? '',
  };
}

const date = (iso: string) => new Date(iso).toLocaleDateString();

/** The member detail dialog (S3 §2): Personal, Professional, Social and Settings tabs; edit and role change. */
export function MemberDetailModal({
  member,
  startEditing,
  isSelf,
  changes,
  onClose,
}: {
  member: Member;
  startEditing: boolean;
  isSelf: boolean;
  changes: MemberChanges;
  onClose: () => void;
}) {
  const toast = useToast();
  const [editing, setEditing] = useState(startEditing);
  const [form, setForm] = useState<Editable>(() => fromMember(member));
  const [role, setRole] = useState<Member['role']>(member.role);

  const show = (label: string, value: string | null | undefined) => (
    <div>
      <Box variant="awsui-key-label">{label}</Box>
      <div>{value ? value : <Box color="text-body-secondary">{T.notProvided}</Box>}</div>
    </div>
  );
  const text = (label: string, key: keyof Editable, type: 'text' | 'email' = 'text') =>
    editing ? (
      <FormField label={label}>
        <Input type={type} value={form[key]} onChange={({ detail }) => setForm({ ...form, [key]: detail.value })} />
      </FormField>
    ) : (
      show(label, form[key])
    );
  const choice = (label: string, key: keyof Editable, values: readonly string[]) => {
    const options = values.map((v) => ({ value: v, label: v }));
    return editing ? (
      <FormField label={label}>
        <Select
          selectedOption={
            options.find((o) => o.value === form[key]) ?? (form[key] ? { value: form[key], label: form[key] } : null)
          }
          options={options}
          onChange={({ detail }) => setForm({ ...form, [key]: detail.selectedOption.value ?? '' })}
        />
      </FormField>
    ) : (
      show(label, form[key])
    );
  };
  const countries = INVITE_FORM_COUNTRIES.map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }));

  const save = () => {
    const before = fromMember(member);
    const update = Object.fromEntries(
      (Object.keys(form) as (keyof Editable)[]).filter((k) => form[k] !== before[k]).map((k) => [k, form[k]]),
    ) as MemberUpdate;
    changes.update.mutate(
      { memberId: member.id, update },
      {
        onSuccess: () => {
          toast.success(T.infoUpdated);
          setEditing(false);
        },
        onError: () => toast.error(T.infoFailed),
      },
    );
  };
  const updateRole = () =>
    changes.role.mutate(
      { memberId: member.id, role },
      {
        onSuccess: (m) => toast.success(T.roleUpdated(m.role)),
        onError: () => {
          setRole(member.role);
          toast.error(T.roleFailed);
        },
      },
    );
  const roleOptions = MemberRoleSchema.options.map((r) => ({ value: r, label: r }));

  return (
    <Modal
      visible
      size="large"
      onDismiss={onClose}
      header={
        <SpaceBetween size="xs" direction="horizontal" alignItems="center">
          <span>{memberName(member)}</span>
          {isSelf && <Badge color="blue">{T.you}</Badge>}
          <Badge>{member.role}</Badge>
          <Badge
            color={
              member.approval_status === 'approved' ? 'green' : member.approval_status === 'rejected' ? 'red' : 'grey'
            }
          >
            {member.approval_status}
          </Badge>
        </SpaceBetween>
      }
      footer={
        <Box float="right">
          <SpaceBetween size="xs" direction="horizontal">
            {editing ? (
              <>
                <Button
                  onClick={() => {
                    setForm(fromMember(member));
                    setEditing(false);
                  }}
                >
                  {T.cancel}
                </Button>
                <Button variant="primary" loading={changes.update.isPending} onClick={save}>
                  {T.save}
                </Button>
              </>
            ) : (
              <Button onClick={() => setEditing(true)}>{T.edit}</Button>
            )}
          </SpaceBetween>
        </Box>
      }
    >
      <Tabs
        tabs={[
          {
            id: 'personal',
            label: T.personal,
            content: (
              <ColumnLayout columns={2}>
                {text(T.firstName, 'firstName')}
                {text(T.lastName, 'lastName')}
                {text(T.email, 'email', 'email')}
                {editing ? (
                  <FormField label={T.phone}>
                    <SpaceBetween size="xs" direction="horizontal">
                      <Select
                        selectedOption={countries.find((c) => c.value === form.countryCode) ?? null}
                        options={countries}
                        filteringType="auto"
                        onChange={({ detail }) => setForm({ ...form, countryCode: detail.selectedOption.value ?? '' })}
                      />
                      <Input value={form.phone} onChange={({ detail }) => setForm({ ...form, phone: detail.value })} />
                    </SpaceBetween>
                  </FormField>
                ) : (
                  show(T.phone, form.phone ? `${form.countryCode} ${form.phone}` : '')
                )}
                {choice(T.gender, 'gender', MemberEditGenderSchema.options)}
                {show(T.memberSince, date(member.created_at))}
              </ColumnLayout>
            ),
          },
          {
            id: 'professional',
            label: T.professional,
            content: (
              <ColumnLayout columns={2}>
                {text(T.company, 'company')}
                {text(T.jobRole, 'jobRole')}
                {choice(T.roleLevel, 'roleLevel', MemberEditRoleLevelSchema.options)}
                {choice(T.attendLiveEvents, 'attendLiveEvents', MemberEditAttendSchema.options)}
                {text(T.howFound, 'referralSource')}
              </ColumnLayout>
            ),
          },
          {
            id: 'social',
            label: T.social,
            content: (
              <ColumnLayout columns={2}>
                {editing ? (
                  text(T.linkedInProfile, 'linkedinProfileUrl')
                ) : (
                  <div>
                    <Box variant="awsui-key-label">{T.linkedInProfile}</Box>
                    {form.linkedinProfileUrl ? (
                      <a href={form.linkedinProfileUrl} target="_blank" rel="noreferrer">
                        {form.linkedinProfileUrl}
                      </a>
                    ) : (
                      <Box color="text-body-secondary">{T.notProvided}</Box>
                    )}
                  </div>
                )}
                {text(T.facebookName, 'facebookName')}
                {member.custom_field_label && text(member.custom_field_label, 'customFieldValue')}
              </ColumnLayout>
            ),
          },
          {
            id: 'settings',
            label: T.settings,
            content: (
              <ColumnLayout columns={2}>
                <FormField label={T.role}>
                  <SpaceBetween size="xs" direction="horizontal">
                    <Select
                      selectedOption={roleOptions.find((o) => o.value === role) ?? null}
                      options={roleOptions}
                      onChange={({ detail }) => setRole((detail.selectedOption.value ?? member.role) as Member['role'])}
                    />
                    {role !== member.role && (
                      <Button loading={changes.role.isPending} onClick={updateRole}>
                        {T.updateRole}
                      </Button>
                    )}
                  </SpaceBetween>
                </FormField>
                {show(T.approvalStatus, member.approval_status)}
                {show(T.accountStatus, member.status)}
                {show(T.joined, date(member.created_at))}
                {show(T.lastUpdated, date(member.updated_at))}
              </ColumnLayout>
            ),
          },
        ]}
      />
    </Modal>
  );
}
