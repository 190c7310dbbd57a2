import type { FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ACCOUNT_FORM_COUNTRIES } from '@kehila/shared/constants';
import { AccountFormSchema, livePhoneError, type AccountForm } from '@kehila/shared/rules/account';
import { validateForm, type FieldErrors } from '@kehila/shared/rules/validation';
import { paths } from '../../navigation/paths';
import { PasswordInput } from './password-input';
import { useLoginText } from './login-lang';
import { countryCodeOf, type SignUpValues } from './sign-up-values';

/** S1 §2 sign-up texts (buttons quoted by the spec; the labels are ours). */
export const signUpText = {
  title: 'Create Your Account',
  email: 'Email',
  password: 'Password',
  country: 'Country code',
  phone: 'WhatsApp phone number',
  phoneHint: 'The number you use in your WhatsApp group; the Kehila bot recognises you by it.',
  privacy: 'I accept the Privacy Policy',
  privacyLink: 'Read the Privacy Policy',
  communications: 'I agree to receive email communications from Kehila',
  submit: 'Continue',
  submitting: 'Creating Account...',
  google: 'Sign up with Google',
  backToLogin: 'Back to Login',
  showPassword: 'Show',
  or: 'or',
} as const;

/** Validates the account form with the shared schema: the parsed form, or one message per field. */
export function validateSignUp(
  values: SignUpValues,
): { valid: true; data: AccountForm } | { valid: false; errors: FieldErrors } {
  const result = validateForm(AccountFormSchema, {
    email: values.email,
    password: values.password,
    countryCode: countryCodeOf(values.countryIso),
    phone: values.phone,
    acceptedPrivacyPolicy: values.acceptedPrivacyPolicy,
    acceptedEmailCommunications: values.acceptedEmailCommunications,
  });
  return result.valid ? { valid: true, data: result.data } : { valid: false, errors: result.errors };
}

/** Props of the account form; the page owns the values, errors and calls. */
export interface SignUpFormProps {
  readonly values: SignUpValues;
  readonly errors: FieldErrors;
  readonly busy: boolean;
  readonly googleBusy: boolean;
  readonly googleNote: string | null;
  readonly onChange: <K extends keyof SignUpValues>(field: K, value: SignUpValues[K]) => void;
  readonly onSubmit: () => void;
  readonly onGoogle: () => void;
  readonly onBack: () => void;
}

/**
 * The account (sign-up) form of S1 §2 and §5: e-mail, password, country code (9 entries, +972 by
 * default), WhatsApp phone with the live check from 7 characters, the two consents; Continue, Sign up
 * with Google, Back to Login.
 */
export function SignUpForm(props: SignUpFormProps) {
  const tr = useLoginText();
  const { values, errors, busy, onChange } = props;
  const countryOptions = ACCOUNT_FORM_COUNTRIES.map((c) => ({ value: c.iso, label: `${tr(c.name)} (${c.code})` }));
  // S1 §5: the live check speaks once a country is set and the phone has 7+ characters; a submitted
  // error takes precedence.
  const phoneError = errors.phone ?? livePhoneError(countryCodeOf(values.countryIso), values.phone) ?? undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Form>
        <SpaceBetween size="l">
          <FormField label={tr(signUpText.email)} errorText={tr(errors.email)}>
            <Input
              type="email"
              inputMode="email"
              autoComplete="email"
              value={values.email}
              invalid={Boolean(errors.email)}
              disableBrowserAutocorrect
              onChange={({ detail }) => onChange('email', detail.value)}
            />
          </FormField>
          <FormField label={tr(signUpText.password)} errorText={tr(errors.password)}>
            <PasswordInput
              value={values.password}
              onChange={(value) => onChange('password', value)}
              invalid={Boolean(errors.password)}
              autoComplete="new-password"
              showLabel={tr(signUpText.showPassword)}
            />
          </FormField>
          <FormField label={tr(signUpText.country)} errorText={tr(errors.countryCode)}>
            <Select
              selectedOption={countryOptions.find((o) => o.value === values.countryIso) ?? null}
              options={countryOptions}
              invalid={Boolean(errors.countryCode)}
              onChange={({ detail }) => onChange('countryIso', detail.selectedOption.value ?? '')}
            />
          </FormField>
          <FormField label={tr(signUpText.phone)} description={tr(signUpText.phoneHint)} errorText={tr(phoneError)}>
            <Input
              inputMode="tel"
              autoComplete="tel-national"
              value={values.phone}
              invalid={Boolean(phoneError)}
              nativeInputAttributes={{ dir: 'ltr' }}
              onChange={({ detail }) => onChange('phone', detail.value)}
            />
          </FormField>
          <FormField errorText={tr(errors.acceptedPrivacyPolicy)}>
            <Checkbox
              checked={values.acceptedPrivacyPolicy}
              onChange={({ detail }) => onChange('acceptedPrivacyPolicy', detail.checked)}
              description={
                <Link href={paths.privacy} external variant="primary" fontSize="body-s">
                  {tr(signUpText.privacyLink)}
                </Link>
              }
            >
              {tr(signUpText.privacy)}
            </Checkbox>
          </FormField>
          <FormField errorText={tr(errors.acceptedEmailCommunications)}>
            <Checkbox
              checked={values.acceptedEmailCommunications}
              onChange={({ detail }) => onChange('acceptedEmailCommunications', detail.checked)}
            >
              {tr(signUpText.communications)}
            </Checkbox>
          </FormField>
        </SpaceBetween>
      </Form>
      <Box margin={{ top: 'l' }}>
        <SpaceBetween size="m">
          <Button
            variant="primary"
            formAction="submit"
            loading={busy}
            loadingText={tr(signUpText.submitting)}
            fullWidth
          >
            {tr(busy ? signUpText.submitting : signUpText.submit)}
          </Button>
          <Box textAlign="center" color="text-body-secondary" fontSize="body-s">
            {tr(signUpText.or)}
          </Box>
          <Button fullWidth formAction="none" loading={props.googleBusy} onClick={props.onGoogle}>
            {tr(signUpText.google)}
          </Button>
          {props.googleNote && <Box color="text-body-secondary">{tr(props.googleNote)}</Box>}
          <Box textAlign="center">
            <Button variant="link" formAction="none" onClick={props.onBack}>
              {tr(signUpText.backToLogin)}
            </Button>
          </Box>
        </SpaceBetween>
      </Box>
    </form>
  );
}
