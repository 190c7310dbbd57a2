import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import {
  ApprovalStatusSchema,
  MemberEditRoleLevelSchema,
  MemberRoleSchema,
  type BulkMemberUpdate,
} from '@kehila/shared';
import { MEMBERS_TEXTS as T } from './members-texts';

type Changes = Partial<BulkMemberUpdate['changes']>;
const opts = (values: readonly string[]) => [{ value: '', label: '—' }, ...values.map((v) => ({ value: v, label: v }))];

/** Bulk Edit (S3 §2): only the fields filled in are sent. */
export function BulkEditModal({
  count,
  onCancel,
  onSubmit,
}: {
  count: number;
  onCancel: () => void;
  onSubmit: (changes: Changes) => void;
}) {
  const [v, setV] = useState({ role: '', approval_status: '', company: '', job_role: '', role_level: '' });
  const filled = Object.fromEntries(Object.entries(v).filter(([, x]) => x.trim() !== '')) as Changes;
  const select = (key: 'role' | 'approval_status' | 'role_level', label: string, values: readonly string[]) => {
    const options = opts(values);
    return (
      <FormField label={label}>
        <Select
          selectedOption={options.find((o) => o.value === v[key]) ?? null}
          options={options}
          onChange={({ detail }) => setV({ ...v, [key]: detail.selectedOption.value ?? '' })}
        />
      </FormField>
    );
  };
  return (
    <Modal
      visible
      onDismiss={onCancel}
      header={`${T.bulkEditTitle} (${count})`}
      footer={
        <Box float="right">
          <SpaceBetween size="xs" direction="horizontal">
            <Button onClick={onCancel}>{T.cancel}</Button>
            <Button variant="primary" disabled={Object.keys(filled).length === 0} onClick={() => onSubmit(filled)}>
              {T.save}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {select('role', T.role, MemberRoleSchema.options)}
        {select('approval_status', T.approvalStatus, ApprovalStatusSchema.options)}
        <FormField label={T.company}>
          <Input value={v.company} onChange={({ detail }) => setV({ ...v, company: detail.value })} />
        </FormField>
        <FormField label={T.jobRole}>
          <Input value={v.job_role} onChange={({ detail }) => setV({ ...v, job_role: detail.value })} />
        </FormField>
        {select('role_level', T.roleLevel, MemberEditRoleLevelSchema.options)}
        <Box color="text-body-secondary">{T.bulkEditNote}</Box>
      </SpaceBetween>
    </Modal>
  );
}
