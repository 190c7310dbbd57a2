import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import TimeInput from '@cloudscape-design/components/time-input';
import {
  ACTION_FORM_MESSAGES,
  CREATE_ACTION_TEXTS,
  composeActionDetails,
  createActionDefaults,
  normalizeAssignee,
  parseGeneratedActionDetails,
  textDirection,
  type ActionPriority,
  type Message,
} from '@kehila/shared';
import { routes } from '../../api/routes';
import { ApiRequestError } from '../../api/client';
import { useCallApi } from '../../api/use-call-api';
import { useToast } from '../toast/use-toast';

/** Words of the dialog that the spec leaves to us (the toasts and validation are S2 §5/§8's). */
export const CREATE_ACTION_LABELS = {
  title: 'Create Action',
  generate: 'Generate with AI',
  generating: 'Generating...',
  save: 'Save',
  saving: 'Saving...',
  cancel: 'Cancel',
} as const;

const PRIORITIES: { value: ActionPriority; label: string }[] = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
];

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The local date (YYYY-MM-DD) and time (HH:mm) of an instant, for the date and time inputs. */
export function splitLocal(iso: string): { date: string; time: string } {
  const d = new Date(iso);
  return {
    date: `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`,
    time: `${pad2(d.getHours())}:${pad2(d.getMinutes())}`,
  };
}

/** The instant of a local date and time; null when the date is empty or invalid. */
export function joinLocal(date: string, time: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const t = /^(\d{1,2}):(\d{2})$/.exec(time) ?? ['', '0', '0'];
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(t[1]), Number(t[2]));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Error text of a failed call: the server's words for a 4xx it explains, else the fallback. */
function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiRequestError) {
    if (err.code === 'unauthenticated') return ACTION_FORM_MESSAGES.notAuthenticated;
    if (err.status >= 400 && err.status < 500 && err.status !== 401 && err.status !== 403) return err.message;
  }
  return fallback;
}

interface FormState {
  title: string;
  details: string;
  date: string;
  time: string;
  priority: ActionPriority;
  assignee: string;
  evidence: string;
}

function initialState(message: Message): FormState {
  const d = createActionDefaults(message, new Date());
  const due = splitLocal(d.due_date);
  return {
    title: d.title,
    details: d.details,
    date: due.date,
    time: due.time,
    priority: d.priority,
    assignee: d.assigned_to ? `@${d.assigned_to}` : '',
    evidence: d.evidence,
  };
}

/**
 * The Create Action dialog of the Messages screen (S2 §2.3, §5): prefilled from a message (title,
 * details with Sender:/Topic: lines, due in 24 h, priority medium), an @username assignee, 'Generate
 * with AI', and Save. Renders nothing while `message` is null.
 */
export function CreateActionModal({
  communityId,
  message,
  onClose,
}: {
  communityId: string | null;
  message: Message | null;
  onClose: () => void;
}) {
  if (!message) return null;
  // Keyed by message so each opening starts from that message's defaults.
  return <CreateActionForm key={message.msg_id} communityId={communityId} message={message} onClose={onClose} />;
}

function CreateActionForm({
  communityId,
  message,
  onClose,
}: {
  communityId: string | null;
  message: Message;
  onClose: () => void;
}) {
  const callApi = useCallApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState>(() => initialState(message));
  const [titleError, setTitleError] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  const generate = async () => {
    if (!message.content?.trim()) {
      toast.error(ACTION_FORM_MESSAGES.messageMissing);
      return;
    }
    if (!communityId) {
      toast.error(ACTION_FORM_MESSAGES.groupMissing);
      return;
    }
    setGenerating(true);
    try {
      const res = await callApi(routes.generateAction, {
        params: { communityId },
        body: { message_content: message.content, Sender_name: message.Sender_name, topic: message.topic },
      });
      const parts = parseGeneratedActionDetails(res.details);
      // Keep the message's Reference line so the action still leads back to its message.
      const reference = `Reference: ${message.msg_id}`;
      const details = parts.details.includes(reference) ? parts.details : `${parts.details}\n\n${reference}`.trim();
      setForm((f) => ({
        ...f,
        title: res.title.trim() || f.title,
        details,
        evidence: parts.evidence || f.evidence,
        assignee: parts.assignee ? `@${parts.assignee}` : f.assignee,
      }));
      setTitleError(null);
      toast.success(CREATE_ACTION_TEXTS.generated);
    } catch (err) {
      toast.error(failureText(err, CREATE_ACTION_TEXTS.generateFailed));
    } finally {
      setGenerating(false);
    }
  };

  const save = async () => {
    if (!form.title.trim()) {
      setTitleError(ACTION_FORM_MESSAGES.titleRequired);
      return;
    }
    if (!communityId) {
      toast.error(ACTION_FORM_MESSAGES.groupMissing);
      return;
    }
    setSaving(true);
    const assignee = normalizeAssignee(form.assignee);
    const evidence = form.evidence.trim() || null;
    try {
      await callApi(routes.createAction, {
        params: { communityId },
        body: {
          title: form.title.trim(),
          details: composeActionDetails(form.details, evidence, assignee),
          due_date: joinLocal(form.date, form.time),
          priority: form.priority,
          assigned_to: assignee,
          evidence,
          message_refs: [message.msg_id],
        },
      });
      toast.success(CREATE_ACTION_TEXTS.created);
      void queryClient.invalidateQueries({ queryKey: ['actions'] });
      onClose();
    } catch (err) {
      toast.error(failureText(err, CREATE_ACTION_TEXTS.createFailed));
      setSaving(false);
    }
  };

  const busy = generating || saving;
  return (
    <Modal
      visible
      onDismiss={() => !saving && onClose()}
      header={CREATE_ACTION_LABELS.title}
      closeAriaLabel="Close"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} disabled={saving}>
              {CREATE_ACTION_LABELS.cancel}
            </Button>
            <Button variant="primary" onClick={() => void save()} loading={saving} disabled={generating}>
              {saving ? CREATE_ACTION_LABELS.saving : CREATE_ACTION_LABELS.save}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Form>
          <SpaceBetween size="m">
            <Button
              iconName="gen-ai"
              onClick={() => void generate()}
              loading={generating}
              disabled={saving}
              formAction="none"
            >
              {generating ? CREATE_ACTION_LABELS.generating : CREATE_ACTION_LABELS.generate}
            </Button>
            <FormField label="Title" errorText={titleError}>
              <Input
                value={form.title}
                onChange={({ detail }) => {
                  set('title', detail.value);
                  if (detail.value.trim()) setTitleError(null);
                }}
                disabled={busy}
              />
            </FormField>
            <FormField label="Details">
              <div dir={textDirection(form.details)}>
                <Textarea
                  value={form.details}
                  rows={7}
                  onChange={({ detail }) => set('details', detail.value)}
                  disabled={busy}
                />
              </div>
            </FormField>
            <ColumnLayout columns={2}>
              <FormField label="Due date">
                <DatePicker
                  value={form.date}
                  onChange={({ detail }) => set('date', detail.value)}
                  placeholder="YYYY/MM/DD"
                  openCalendarAriaLabel={(selected) =>
                    `Choose due date${selected ? `, selected date is ${selected}` : ''}`
                  }
                  disabled={busy}
                />
              </FormField>
              <FormField label="Due time">
                <TimeInput
                  value={form.time}
                  format="hh:mm"
                  placeholder="hh:mm"
                  onChange={({ detail }) => set('time', detail.value)}
                  disabled={busy}
                />
              </FormField>
              <FormField label="Priority">
                <Select
                  selectedOption={PRIORITIES.find((p) => p.value === form.priority) ?? null}
                  options={PRIORITIES}
                  onChange={({ detail }) => set('priority', detail.selectedOption.value as ActionPriority)}
                  disabled={busy}
                />
              </FormField>
              <FormField label="Assigned to">
                <Input
                  value={form.assignee}
                  placeholder="@username"
                  onChange={({ detail }) => set('assignee', detail.value)}
                  disabled={busy}
                />
              </FormField>
            </ColumnLayout>
            <FormField label="Evidence" description="Optional">
              <Textarea
                value={form.evidence}
                rows={3}
                onChange={({ detail }) => set('evidence', detail.value)}
                disabled={busy}
              />
            </FormField>
          </SpaceBetween>
        </Form>
      </form>
    </Modal>
  );
}
