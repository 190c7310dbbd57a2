import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { useMutation, useQuery } from '@tanstack/react-query';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { DEFAULT_COUNTRY_CODE, INVITE_FORM_COUNTRIES } from '@kehila/shared/constants';
import type { InviteRegistrationBody, PublicInvite } from '@kehila/shared/api/invites';
import type { RegisterWithInviteResult } from '@kehila/shared/schemas/invites';
import { ApiRequestError } from '../../api/client';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';
import { LoadingScreen } from '../../components/loading-screen';
import { PublicPage } from '../../components/public-page';
import { useToast } from '../../components/toast/use-toast';
import { InviteLogo } from './invite-logo';
import { REGISTER_TEXTS as T } from './register-texts';

type TextField = keyof typeof T.fields;
type ChoiceField = keyof typeof T.options;
type Values = Record<TextField, string> & {
  custom_field_value: string;
  accepted_privacy_policy: boolean;
  accepted_email_communications: boolean;
  rules_accepted: boolean;
};

const EMPTY: Values = {
  first_name: '',
  last_name: '',
  email: '',
  country_code: DEFAULT_COUNTRY_CODE,
  phone: '',
  company: '',
  job_role: '',
  role_level: '',
  gender: '',
  linkedin_profile_url: '',
  facebook_name: '',
  referral_source: '',
  attend_live_events: '',
  custom_field_value: '',
  accepted_privacy_policy: false,
  accepted_email_communications: false,
  rules_accepted: false,
};

/** The optional fields in the order of the form, and whether each is a choice. */
const OPTIONAL: readonly (TextField & keyof PublicInvite['form_fields']['field_requirements'])[] = [
  'phone',
  'company',
  'job_role',
  'role_level',
  'gender',
  'linkedin_profile_url',
  'facebook_name',
  'referral_source',
  'attend_live_events',
];
const isChoice = (f: string): f is ChoiceField => f in T.options;

function Centered({ children }: { children: ReactNode }) {
  return (
    <PublicPage narrow>
      <Box textAlign="center" padding={{ vertical: 'xl' }}>
        <SpaceBetween size="m">{children}</SpaceBetween>
      </Box>
    </PublicPage>
  );
}

/** The invite registration page (S1 §2): loading, error, form and success states. */
export default function RegisterPage() {
  const { inviteCode = '' } = useParams();
  const callApi = useCallApi();
  const toast = useToast();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const invite = useQuery({
    queryKey: ['public-invite', inviteCode],
    queryFn: ({ signal }) => callApi(routes.getPublicInvite, { params: { inviteCode }, signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const register = useMutation({
    mutationFn: (body: InviteRegistrationBody) => callApi(routes.registerWithInvite, { params: { inviteCode }, body }),
    onError: (e) => {
      if (e instanceof ApiRequestError && e.status === 400 && e.issues?.length) {
        const next: Partial<Record<keyof Values, string>> = {};
        for (const issue of e.issues) {
          const field = issue.path.replace(/^body\./, '') as keyof Values;
          next[field] ??= issue.message;
        }
        setErrors(next);
        toast.error(T.registrationFailed);
      } else {
        toast.error(e instanceof ApiRequestError ? e.message : T.registrationError);
      }
    },
  });

  if (invite.isPending) return <LoadingScreen />;
  if (invite.isError) {
    return (
      <Centered>
        <Box variant="h1">{T.invalidInvite}</Box>
        <Box color="text-status-error">{invite.error.message}</Box>
        <Button href="/">{T.returnHome}</Button>
      </Centered>
    );
  }
  const inv = invite.data;
  const result: RegisterWithInviteResult | undefined = register.data;
  if (result && !result.success) {
    return (
      <Centered>
        <Box variant="h1">{T.alreadyRegistered}</Box>
        <Box>{result.message}</Box>
        <Box color="text-body-secondary">{T.alreadyAdvice}</Box>
        {inv.community_whatsapp_url && (
          <Button href={inv.community_whatsapp_url} target="_blank" variant="primary">
            {T.joinGroup}
          </Button>
        )}
      </Centered>
    );
  }
  if (result?.success) {
    const link = result.whatsapp_url ?? inv.community_whatsapp_url;
    return (
      <Centered>
        <Box variant="h1">{result.whatsapp_url ? T.pendingWithLink : T.underReview}</Box>
        {!result.whatsapp_url && <Box>{T.underReviewBody}</Box>}
        {link && (
          <Button href={link} target="_blank" variant="primary">
            {T.joinGroup}
          </Button>
        )}
      </Centered>
    );
  }

  const required = inv.form_fields.field_requirements;
  const custom = inv.form_fields.custom_field;
  const rulesRequired = inv.require_rules_acceptance && Boolean(inv.group_rules?.trim());
  const set = (field: keyof Values, value: string | boolean) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const label = (text: string, isRequired: boolean) => (isRequired ? `${text} *` : text);
  const textInput = (field: TextField, isRequired: boolean, type: 'text' | 'email' | 'url' = 'text') => (
    <FormField key={field} label={label(T.fields[field], isRequired)} errorText={errors[field]}>
      <Input
        type={type}
        value={values[field]}
        onChange={({ detail }) => set(field, detail.value)}
        ariaRequired={isRequired}
        data-testid={`register-${field}`}
      />
    </FormField>
  );
  const choiceInput = (field: ChoiceField, isRequired: boolean) => {
    const options = Object.entries(T.options[field]).map(([value, text]) => ({ value, label: text }));
    return (
      <FormField key={field} label={label(T.fields[field], isRequired)} errorText={errors[field]}>
        <Select
          selectedOption={options.find((o) => o.value === values[field]) ?? null}
          options={options}
          onChange={({ detail }) => set(field, detail.selectedOption.value ?? '')}
          data-testid={`register-${field}`}
        />
      </FormField>
    );
  };
  const countries = INVITE_FORM_COUNTRIES.map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }));
  const submit = () => {
    const text = (v: string) => (v.trim() ? v : null);
    register.mutate({
      first_name: values.first_name,
      last_name: values.last_name,
      email: values.email,
      country_code: values.country_code,
      phone: text(values.phone),
      company: text(values.company),
      job_role: text(values.job_role),
      role_level: text(values.role_level),
      gender: text(values.gender),
      linkedin_profile_url: text(values.linkedin_profile_url),
      facebook_name: text(values.facebook_name),
      referral_source: text(values.referral_source),
      attend_live_events: text(values.attend_live_events),
      custom_field_value: text(values.custom_field_value),
      accepted_privacy_policy: values.accepted_privacy_policy,
      accepted_email_communications: values.accepted_email_communications,
      rules_accepted: values.rules_accepted,
    });
  };

  return (
    <PublicPage narrow>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Form
          header={
            <SpaceBetween size="s">
              {inv.logo_url && <InviteLogo url={inv.logo_url} />}
              <Header variant="h1" description={inv.custom_message ?? undefined}>
                {inv.custom_header ?? inv.community_name}
              </Header>
            </SpaceBetween>
          }
          actions={
            <Button variant="primary" formAction="submit" loading={register.isPending} data-testid="register-submit">
              {inv.custom_button_text}
            </Button>
          }
        >
          <SpaceBetween size="l">
            <Container>
              <SpaceBetween size="m">
                {textInput('first_name', true)}
                {textInput('last_name', true)}
                {textInput('email', true, 'email')}
                <FormField label={label(T.fields.country_code, true)} errorText={errors.country_code}>
                  <Select
                    selectedOption={countries.find((c) => c.value === values.country_code) ?? null}
                    options={countries}
                    filteringType="auto"
                    onChange={({ detail }) => set('country_code', detail.selectedOption.value ?? '')}
                  />
                </FormField>
                {OPTIONAL.map((f) =>
                  isChoice(f)
                    ? choiceInput(f, required[f])
                    : textInput(f, required[f], f === 'linkedin_profile_url' ? 'url' : 'text'),
                )}
                {custom?.enabled && (
                  <FormField label={label(custom.label, custom.required)} errorText={errors.custom_field_value}>
                    <Input
                      value={values.custom_field_value}
                      onChange={({ detail }) => set('custom_field_value', detail.value)}
                      data-testid="register-custom_field_value"
                    />
                  </FormField>
                )}
              </SpaceBetween>
            </Container>
            {inv.group_rules && (
              <Container header={<Header variant="h2">{T.rulesTitle}</Header>}>
                <SpaceBetween size="s">
                  <Box>
                    <span style={{ whiteSpace: 'pre-wrap' }}>{inv.group_rules}</span>
                  </Box>
                  {rulesRequired && (
                    <FormField errorText={errors.rules_accepted}>
                      <Checkbox
                        checked={values.rules_accepted}
                        onChange={({ detail }) => set('rules_accepted', detail.checked)}
                      >
                        {T.acceptRules}
                      </Checkbox>
                    </FormField>
                  )}
                </SpaceBetween>
              </Container>
            )}
            <Container>
              <SpaceBetween size="s">
                <FormField errorText={errors.accepted_privacy_policy}>
                  <Checkbox
                    checked={values.accepted_privacy_policy}
                    onChange={({ detail }) => set('accepted_privacy_policy', detail.checked)}
                  >
                    {T.acceptPrivacy}
                  </Checkbox>
                </FormField>
                <FormField errorText={errors.accepted_email_communications}>
                  <Checkbox
                    checked={values.accepted_email_communications}
                    onChange={({ detail }) => set('accepted_email_communications', detail.checked)}
                  >
                    {T.acceptEmails}
                  </Checkbox>
                </FormField>
              </SpaceBetween>
            </Container>
          </SpaceBetween>
        </Form>
      </form>
    </PublicPage>
  );
}
