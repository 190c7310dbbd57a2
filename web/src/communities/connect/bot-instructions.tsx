import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { CopyButton } from '../../components/copy-button';
import { useRuntimeConfig } from '../../config/use-runtime-config';
import { connectText } from './connect-text';

/** The bot's number from config.json, copyable (S1 §2 "The bot number is fixed and copyable"). */
export function BotNumber() {
  const { botPhone } = useRuntimeConfig();
  if (!botPhone) return <Box color="text-status-warning">{connectText.botNotConfigured}</Box>;
  return (
    <SpaceBetween size="xxs" direction="horizontal" alignItems="center">
      <Box variant="awsui-key-label">{connectText.botNumber}:</Box>
      <Box variant="code" data-testid="bot-number">
        <span dir="ltr">{botPhone}</span>
      </Box>
      <CopyButton text={botPhone} label={connectText.copyBotNumber} />
    </SpaceBetween>
  );
}

/** The support contact from config.json (S1 §2 dialogs), or nothing when none is configured. */
export function SupportContact() {
  const { supportEmail } = useRuntimeConfig();
  if (!supportEmail) return null;
  return (
    <Box color="text-body-secondary" fontSize="body-s">
      {connectText.support} <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>
    </Box>
  );
}

/** The three connection steps (S1 §2): add the bot, get the group id from the bot, enter the id. */
export function InstructionSteps() {
  return (
    <ol style={{ margin: 0, paddingInlineStart: 20 }}>
      <li>{connectText.step1}</li>
      <li>{connectText.step2}</li>
      <li>{connectText.step3}</li>
    </ol>
  );
}

/**
 * The show/hide Instructions toggle (S1 §2 onboarding, S2 §2.4 connect flow): the three steps, the bot
 * number (copyable) and the support contact.
 */
export function BotInstructions({ initiallyOpen = true }: { initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <SpaceBetween size="s">
      <Button
        variant="inline-link"
        iconName={open ? 'caret-down-filled' : 'caret-right-filled'}
        ariaExpanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? connectText.instructionsToggleHide : connectText.instructionsToggleShow}
      </Button>
      {open && (
        <SpaceBetween size="s">
          <InstructionSteps />
          <BotNumber />
          <SupportContact />
        </SpaceBetween>
      )}
    </SpaceBetween>
  );
}
