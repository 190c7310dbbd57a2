import Alert from '@cloudscape-design/components/alert';
import Link from '@cloudscape-design/components/link';
import { useContext } from 'react';
import { RuntimeConfigContext } from '../../config/runtime-config-context';
import { useLoginText } from './login-lang';

/** Where the local stack keeps the e-mails Cognito would have sent (infra/local/plugins/dev-mailbox.ts). */
export const DEV_MAILBOX_PATH = '/dev/mailbox';

/** Texts of the local-only note. */
export const devMailboxText = {
  header: 'Running locally: no e-mail is sent',
  body: 'The link and code are in the dev mailbox.',
  link: 'Open the dev mailbox',
} as const;

/** Locally (stage local), says where the e-mail went: the dev mailbox page. Nothing in a deployment. */
export function DevMailboxNote() {
  const tr = useLoginText();
  // On the prerendered /login the configuration arrives with the session, started by the first interaction.
  const config = useContext(RuntimeConfigContext);
  if (config?.stage !== 'local') return null;
  return (
    <Alert type="info" header={tr(devMailboxText.header)}>
      {tr(devMailboxText.body)}{' '}
      <Link href={DEV_MAILBOX_PATH} external>
        {tr(devMailboxText.link)}
      </Link>
    </Alert>
  );
}
