import { useState, type FormEvent, type ReactNode } from 'react';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { GroupIdSchema } from '@kehila/shared';
import { connectText } from './connect-text';

/** Props of the group-id entry. */
export interface GroupIdFormProps {
  readonly submitLabel: string;
  readonly busy: boolean;
  /** Called with the trimmed, valid id (S1 §5 "The id is trimmed before sending"). */
  readonly onSubmit: (groupId: string) => void;
  /** Extra buttons beside the submit button (Back, Cancel). */
  readonly secondary?: ReactNode;
  /** The id the user's verification saw: filled in when it arrives, unless the user typed one. */
  readonly suggested?: string | null;
}

/** Group-id entry with the S1 §5 rules: empty → 'Please enter a valid Group ID'; no @g.us → 'Group ID must end with @g.us'. */
export function GroupIdForm({ submitLabel, busy, onSubmit, secondary, suggested = null }: GroupIdFormProps) {
  const [value, setValue] = useState(suggested ?? '');
  const [error, setError] = useState<string | null>(null);
  const [lastSuggested, setLastSuggested] = useState(suggested);
  if (suggested !== lastSuggested) {
    setLastSuggested(suggested);
    if (suggested && !value.trim()) setValue(suggested);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = GroupIdSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    onSubmit(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <SpaceBetween size="m">
        <FormField label={connectText.groupIdLabel} errorText={error ?? undefined}>
          <Input
            value={value}
            placeholder={connectText.groupIdPlaceholder}
            invalid={error !== null}
            disableBrowserAutocorrect
            onChange={({ detail }) => {
              setValue(detail.value);
              setError(null);
            }}
          />
        </FormField>
        <SpaceBetween size="xs" direction="horizontal">
          {secondary}
          <Button variant="primary" formAction="submit" loading={busy}>
            {submitLabel}
          </Button>
        </SpaceBetween>
      </SpaceBetween>
    </form>
  );
}
