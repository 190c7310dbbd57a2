import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Textarea from '@cloudscape-design/components/textarea';
import TimeInput from '@cloudscape-design/components/time-input';
import {
  ACTION_FORM_MESSAGES,
  actionMessageReference,
  detailsFromHtml,
  normalizeAssignee,
  parseGeneratedActionDetails,
  textDirection,
  withDetailsHeadings,
  type Action,
  type ActionChangeInput,
  type ActionPriority,
} from '@kehila/shared';
import { joinLocal, splitLocal } from '../../../components/messages/create-action-modal';
import { ACTIONS_TEXTS, formatActionDate } from '../actions-texts';
import styles from '../actions.module.scss';
import { PriorityBadge, StatusBadge } from './action-badges';

/** The parts of an action's details (S2 §3 conventions): the text, the '### Evidence:' section and '### Assigned to: @name'. */
export function detailParts(a: Action): { body: string; evidence: string; assignee: string | null } {
  const parsed = parseGeneratedActionDetails(detailsFromHtml(a.details ?? ''));
  return {
    body: parsed.details,
    evidence: a.evidence ?? parsed.evidence,
    assignee: normalizeAssignee(a.assigned_to) ?? parsed.assignee,
  };
}

/** The text Copy Details puts on the clipboard. */
export function actionDetailsText(a: Action): string {
  const p = detailParts(a);
  return [
    a.title,
    p.body,
    `${ACTIONS_TEXTS.priorityLabel}: ${ACTIONS_TEXTS.priorities[a.priority]}`,
    `${ACTIONS_TEXTS.dueDate}: ${formatActionDate(a.due_date)}`,
    p.assignee ? `${ACTIONS_TEXTS.assignedTo}: @${p.assignee}` : '',
    p.evidence ? `${ACTIONS_TEXTS.evidence}: ${p.evidence}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

const PRIORITY_OPTIONS = (['low', 'medium', 'high'] as const).map((p) => ({ value: p, label: ACTIONS_TEXTS.priorities[p] }));

/**
 * The action detail dialog (S2 §2.3) in view mode (title, badges, details, due date, created,
 * assigned to, source, evidence; Copy title, Copy Details, View Message, Mark Complete, Edit Action) and edit
 * mode (title, details, advanced options; Cancel, Save changes).
 */
export function ActionDialog({
  action,
  loading,
  error,
  saving,
  onClose,
  onCopy,
  onCopyTitle,
  onViewMessage,
  onMarkComplete,
  onSave,
}: {
  action: Action | undefined;
  loading: boolean;
  error: string | null;
  saving: boolean;
  onClose: () => void;
  onCopy: (a: Action) => void;
  onCopyTitle: (a: Action) => void;
  onViewMessage: (msgId: string) => void;
  onMarkComplete: (a: Action) => void;
  onSave: (a: Action, change: ActionChangeInput, done: () => void) => void;
}) {
  const [editing, setEditing] = useState(false);
  const title = editing ? ACTIONS_TEXTS.editTitle : (action?.title ?? '');
  return (
    <Modal
      visible
      closeAriaLabel="Close"
      onDismiss={onClose}
      size="large"
      header={
        <span dir={textDirection(title)}>
          {title}
          {action && !editing && (
            <>
              {' '}
              <Button variant="inline-icon" iconName="copy" ariaLabel={ACTIONS_TEXTS.copyTitle} onClick={() => onCopyTitle(action)} />
            </>
          )}
        </span>
      }
      footer={
        action && !editing ? (
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => onCopy(action)}>{ACTIONS_TEXTS.copyDetails}</Button>
              {actionMessageReference(action) && (
                <Button onClick={() => onViewMessage(actionMessageReference(action) ?? '')}>
                  {ACTIONS_TEXTS.viewMessage}
                </Button>
              )}
              {action.status !== 'done' && (
                <Button onClick={() => onMarkComplete(action)}>{ACTIONS_TEXTS.markCompleteOne}</Button>
              )}
              <Button variant="primary" onClick={() => setEditing(true)}>
                {ACTIONS_TEXTS.edit}
              </Button>
            </SpaceBetween>
          </Box>
        ) : undefined
      }
    >
      {error ? (
        <Alert type="error">{error}</Alert>
      ) : loading || !action ? (
        <Spinner size="large" />
      ) : editing ? (
        <EditForm
          key={action.action_id}
          action={action}
          saving={saving}
          onCancel={() => setEditing(false)}
          onSave={(change) => onSave(action, change, () => setEditing(false))}
        />
      ) : (
        <ActionView action={action} />
      )}
    </Modal>
  );
}

function ActionView({ action }: { action: Action }) {
  const p = detailParts(action);
  return (
    <SpaceBetween size="m">
      <SpaceBetween direction="horizontal" size="xs">
        <PriorityBadge priority={action.priority} />
        <StatusBadge action={action} />
      </SpaceBetween>
      {p.body && (
        <div>
          <Box variant="awsui-key-label">{ACTIONS_TEXTS.details}</Box>
          <div dir={textDirection(p.body)} className={styles.text}>
            {p.body}
          </div>
        </div>
      )}
      <KeyValuePairs
        columns={2}
        items={[
          { label: ACTIONS_TEXTS.dueDate, value: formatActionDate(action.due_date) },
          { label: ACTIONS_TEXTS.created, value: formatActionDate(action.created_at) },
          { label: ACTIONS_TEXTS.assignedTo, value: p.assignee ? <span dir="auto">@{p.assignee}</span> : ACTIONS_TEXTS.none },
          { label: ACTIONS_TEXTS.source, value: action.source },
          {
            label: ACTIONS_TEXTS.evidence,
            value: p.evidence ? (
              <span dir={textDirection(p.evidence)} className={styles.text}>
                {p.evidence}
              </span>
            ) : (
              ACTIONS_TEXTS.none
            ),
          },
        ]}
      />
    </SpaceBetween>
  );
}

/** The edit form (S2 §2.3): title, details and the advanced options; the create dialog uses it too. */
export function EditForm({
  action,
  saving,
  onCancel,
  onSave,
}: {
  action: Action;
  saving: boolean;
  onCancel: () => void;
  onSave: (change: ActionChangeInput) => void;
}) {
  const parts = detailParts(action);
  const due = action.due_date ? splitLocal(action.due_date) : { date: '', time: '' };
  const [titleText, setTitle] = useState(action.title);
  const [details, setDetails] = useState(parts.body);
  const [date, setDate] = useState(due.date);
  const [time, setTime] = useState(due.time);
  const [priority, setPriority] = useState<ActionPriority>(action.priority);
  const [assignee, setAssignee] = useState(parts.assignee ? `@${parts.assignee}` : '');
  const [evidence, setEvidence] = useState(parts.evidence);
  const blank = titleText.trim() === '';

  const save = () => {
    if (blank) return;
    onSave({
      kind: 'edit',
      title: titleText,
      details,
      due_date: date ? joinLocal(date, time) : null,
      priority,
      assigned_to: normalizeAssignee(assignee),
      evidence,
    });
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Form
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={onCancel}>
              {ACTIONS_TEXTS.cancel}
            </Button>
            <Button variant="primary" disabled={blank || saving} loading={saving} loadingText={ACTIONS_TEXTS.saving}>
              {saving ? ACTIONS_TEXTS.saving : ACTIONS_TEXTS.save}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="m">
          <FormField label={ACTIONS_TEXTS.titleField} errorText={blank ? ACTION_FORM_MESSAGES.titleRequired : undefined}>
            <Input value={titleText} onChange={({ detail }) => setTitle(detail.value)} />
          </FormField>
          <FormField label={ACTIONS_TEXTS.details}>
            <div dir={textDirection(details)}>
              <Textarea rows={6} value={details} onChange={({ detail }) => setDetails(withDetailsHeadings(detail.value))} />
            </div>
          </FormField>
          <ExpandableSection headerText={ACTIONS_TEXTS.advanced}>
            <SpaceBetween size="m">
              <ColumnLayout columns={2}>
                <FormField label={ACTIONS_TEXTS.dueDate}>
                  <DatePicker value={date} onChange={({ detail }) => setDate(detail.value)} placeholder="YYYY/MM/DD" />
                </FormField>
                <FormField label={ACTIONS_TEXTS.time}>
                  <TimeInput value={time} onChange={({ detail }) => setTime(detail.value)} format="hh:mm" placeholder="hh:mm" />
                </FormField>
              </ColumnLayout>
              <FormField label={ACTIONS_TEXTS.priorityLabel}>
                <Select
                  selectedOption={PRIORITY_OPTIONS.find((o) => o.value === priority) ?? null}
                  onChange={({ detail }) => setPriority(detail.selectedOption.value as ActionPriority)}
                  options={PRIORITY_OPTIONS}
                />
              </FormField>
              <FormField label={ACTIONS_TEXTS.assignedTo}>
                <Input value={assignee} placeholder="@username" onChange={({ detail }) => setAssignee(detail.value)} />
              </FormField>
              <FormField label={ACTIONS_TEXTS.evidence}>
                <div dir={textDirection(evidence)}>
                  <Textarea rows={3} value={evidence} onChange={({ detail }) => setEvidence(detail.value)} />
                </div>
              </FormField>
            </SpaceBetween>
          </ExpandableSection>
        </SpaceBetween>
      </Form>
    </form>
  );
}
