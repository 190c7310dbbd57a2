import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { OpenVerificationSchema, type PendingConnection } from '@kehila/shared';
import { CopyButton } from '../../components/copy-button';
import { connectCommand, connectText as T } from './connect-text';

const MINUTE_MS = 60_000;

/** Whole minutes left until `iso` (at least 1 while any time is left; 0 once passed), re-read every 15 s. */
function useMinutesLeft(iso: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, [iso]);
  if (!iso) return 0;
  const left = Date.parse(iso) - now;
  return left <= 0 ? 0 : Math.max(1, Math.ceil(left / MINUTE_MS));
}

/** Asks for the WhatsApp number the code will come from (a profile without one, e.g. a Google sign-up). */
function PhoneForm({ busy, onSubmit }: { busy: boolean; onSubmit: (phone: string) => void }) {
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = phone.replace(/[\s().-]/g, '');
    const parsed = OpenVerificationSchema.safeParse({ phone: typed });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    onSubmit(typed);
  };
  return (
    <form onSubmit={submit} noValidate>
      <SpaceBetween size="s">
        <FormField label={T.phoneLabel} description={T.phoneDescription} errorText={error ?? undefined}>
          <Input
            inputMode="tel"
            value={phone}
            placeholder={T.phonePlaceholder}
            invalid={error !== null}
            onChange={({ detail }) => {
              setPhone(detail.value);
              setError(null);
            }}
          />
        </FormField>
        <Button formAction="submit" loading={busy}>
          {T.getCode}
        </Button>
      </SpaceBetween>
    </form>
  );
}

/** Props of the connect code panel. */
export interface ConnectCodeProps {
  /** The user's verification; null when there is none yet (no WhatsApp number to bind it to). */
  readonly connection: PendingConnection | null;
  /** Gets a new code (for the given number, else the profile's). */
  readonly onNewCode: (phone?: string) => void;
  readonly busy: boolean;
  readonly error: string | null;
}

/**
 * The one-time connect code and what to do with it: send `/connect <code>` in the group from the
 * number shown (copyable), before it expires. An expired or failed code (too many wrong codes, or
 * the number verified from another account, with the server's why) offers a new one; without a
 * number, the user gives the one they will write from.
 */
export function ConnectCode({ connection, onNewCode, busy, error }: ConnectCodeProps) {
  const minutesLeft = useMinutesLeft(connection?.status === 'pending' ? connection.code_expires_at : null);
  const errorAlert = error ? <Alert type="error">{error}</Alert> : null;

  if (!connection) {
    return (
      <SpaceBetween size="s">
        {errorAlert}
        <PhoneForm busy={busy} onSubmit={(phone) => onNewCode(phone)} />
      </SpaceBetween>
    );
  }
  if (connection.status === 'connected' || connection.status === 'waiting') {
    return connection.group_id ? (
      <StatusIndicator type="success">{T.codeVerified(connection.group_id)}</StatusIndicator>
    ) : null;
  }
  const again = (
    <Button onClick={() => onNewCode(connection.admin_phone)} loading={busy}>
      {T.newCode}
    </Button>
  );
  if (connection.status === 'failed' || minutesLeft === 0) {
    return (
      <SpaceBetween size="s">
        {errorAlert}
        <Alert type={connection.status === 'failed' ? 'error' : 'warning'} action={again}>
          {connection.status === 'failed' ? (connection.error ?? T.codeExpired) : T.codeExpired}
        </Alert>
      </SpaceBetween>
    );
  }
  const command = connectCommand(connection.code);
  return (
    <SpaceBetween size="xs">
      {errorAlert}
      <Box variant="h3">{T.codeTitle}</Box>
      <Box>{T.codeSend(connection.admin_phone)}</Box>
      <SpaceBetween size="xxs" direction="horizontal" alignItems="center">
        <Box variant="code" fontSize="heading-l" data-testid="connect-command">
          <span dir="ltr">{command}</span>
        </Box>
        <CopyButton text={command} label={T.copyCommand} />
      </SpaceBetween>
      <Box color="text-body-secondary" fontSize="body-s">
        {T.codeRules(minutesLeft)}
      </Box>
    </SpaceBetween>
  );
}
