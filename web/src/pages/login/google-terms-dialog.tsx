import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { GoogleTermsFormSchema } from '@kehila/shared/rules/account';
import { validateForm, type FieldErrors } from '@kehila/shared/rules/validation';
import { paths } from '../../navigation/paths';
import { useLoginText } from './login-lang';

/** Texts of the Google terms dialog (S1 §2; the messages are S1 §5's). */
export const googleTermsText = {
  title: 'Before you continue with Google',
  intro: 'Please confirm the following to create or use your Kehila account with Google.',
  privacy: 'I accept the Privacy Policy',
  privacyLink: 'Read the Privacy Policy',
  communications: 'I agree to receive email communications from Kehila',
  continue: 'Continue with Google',
  cancel: 'Cancel',
  close: 'Close',
} as const;

/**
 * The Google terms dialog (S1 §2, §5): two checkboxes, privacy policy and e-mail communications, each
 * required with its S1 §5 message. Accepting hands control back (the caller stores the consent).
 */
export function GoogleTermsDialog({
  visible,
  busy,
  onAccept,
  onCancel,
}: {
  visible: boolean;
  busy: boolean;
  onAccept: () => void;
  onCancel: () => void;
}) {
  const tr = useLoginText();
  const [privacy, setPrivacy] = useState(false);
  const [communications, setCommunications] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  const accept = () => {
    const result = validateForm(GoogleTermsFormSchema, {
      acceptedPrivacyPolicy: privacy,
      acceptedEmailCommunications: communications,
    });
    setErrors(result.errors);
    if (result.valid) onAccept();
  };

  const cancel = () => {
    setErrors({});
    onCancel();
  };

  return (
    <Modal
      visible={visible}
      onDismiss={cancel}
      closeAriaLabel={tr(googleTermsText.close)}
      header={tr(googleTermsText.title)}
      footer={
        <Box float="right">
          <SpaceBetween size="xs" direction="horizontal">
            <Button variant="link" onClick={cancel}>
              {tr(googleTermsText.cancel)}
            </Button>
            <Button variant="primary" loading={busy} onClick={accept}>
              {tr(googleTermsText.continue)}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box>{tr(googleTermsText.intro)}</Box>
        <FormField errorText={tr(errors.acceptedPrivacyPolicy)}>
          <Checkbox
            checked={privacy}
            onChange={({ detail }) => {
              setPrivacy(detail.checked);
              setErrors((e) => ({ ...e, acceptedPrivacyPolicy: '' }));
            }}
            description={
              <Link href={paths.privacy} external fontSize="body-s">
                {tr(googleTermsText.privacyLink)}
              </Link>
            }
          >
            {tr(googleTermsText.privacy)}
          </Checkbox>
        </FormField>
        <FormField errorText={tr(errors.acceptedEmailCommunications)}>
          <Checkbox
            checked={communications}
            onChange={({ detail }) => {
              setCommunications(detail.checked);
              setErrors((e) => ({ ...e, acceptedEmailCommunications: '' }));
            }}
          >
            {tr(googleTermsText.communications)}
          </Checkbox>
        </FormField>
      </SpaceBetween>
    </Modal>
  );
}
