import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { UsernameFormSchema, type Me } from '@kehila/shared';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';
import { meQueryKey } from '../../auth/me-query-key';
import { useMe } from '../../auth/use-me';
import { useAuth } from '../../auth/use-auth';
import { useToast } from '../../components/toast/use-toast';
import { useRuntimeConfig } from '../../config/use-runtime-config';
import { settingsText as T } from './settings-text';
import { TwoFactorCard } from './two-factor-card';

/** The Email Preferences card (S2 §2.4): both shown as subscribed, display only; unsubscribing goes through support. */
function EmailPreferences() {
  const { supportEmail } = useRuntimeConfig();
  return (
    <Container header={<Header variant="h2">{T.emailPreferences}</Header>}>
      <SpaceBetween size="m">
        <KeyValuePairs
          columns={2}
          items={[
            { label: T.marketing, value: <StatusIndicator type="success">{T.subscribed}</StatusIndicator> },
            { label: T.communityUpdates, value: <StatusIndicator type="success">{T.subscribed}</StatusIndicator> },
          ]}
        />
        <Box color="text-body-secondary" fontSize="body-s">
          {T.unsubscribeNote}
          {supportEmail ? (
            <>
              {' '}
              <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>
            </>
          ) : null}
          .
        </Box>
      </SpaceBetween>
    </Container>
  );
}

/**
 * The User Profile card (S2 §2.4, §4, §5): the username, trimmed and not empty ('Username cannot be
 * empty'); Save reads 'All Saved' (or 'Saved' after a save) and is disabled while nothing changed;
 * Reset restores the saved username.
 */
function UserProfile({ me }: { me: Me }) {
  const callApi = useCallApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { state } = useAuth();
  const saved = me.profile?.username ?? '';
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const [justSaved, setJustSaved] = useState(false);
  const changed = value !== saved;

  const save = useMutation({
    mutationFn: (username: string) => callApi(routes.updateProfile, { body: { username } }),
    onSuccess: (profile) => {
      const userId = state.status === 'signedIn' ? state.user.userId : null;
      queryClient.setQueryData<Me>(meQueryKey(userId), (old) => (old ? { ...old, profile } : old));
      setValue(profile.username);
      setJustSaved(true);
      toast.success(T.profileUpdated);
    },
    onError: () => toast.error(T.profileFailed),
  });

  const submit = () => {
    const parsed = UsernameFormSchema.safeParse({ username: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    save.mutate(parsed.data.username);
  };

  return (
    <Container
      header={
        <Header
          variant="h2"
          actions={
            <SpaceBetween size="xs" direction="horizontal">
              <Button
                disabled={!changed || save.isPending}
                onClick={() => {
                  setValue(saved);
                  setError(null);
                }}
              >
                {T.reset}
              </Button>
              <Button variant="primary" disabled={!changed} loading={save.isPending} onClick={submit}>
                {changed ? T.saveChanges : justSaved ? T.saved : T.allSaved}
              </Button>
            </SpaceBetween>
          }
        >
          {T.userProfile}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <FormField label={T.email}>
          <Box>
            <span dir="ltr">{me.email}</span>
          </Box>
        </FormField>
        <FormField label={T.username} description={T.usernameHint} errorText={error ?? undefined}>
          <Input
            value={value}
            invalid={error !== null}
            nativeInputAttributes={{ dir: 'auto' }}
            onChange={({ detail }) => {
              setValue(detail.value);
              setError(null);
              setJustSaved(false);
            }}
          />
        </FormField>
      </SpaceBetween>
    </Container>
  );
}

/** The Profile tab (S2 §2.4): Email Preferences, User Profile, and Two-factor sign-in (issue 13). */
export function ProfileTab() {
  const me = useMe();
  if (!me.data) return <StatusIndicator type="loading">{T.userProfile}</StatusIndicator>;
  return (
    <SpaceBetween size="l">
      <UserProfile me={me.data} />
      <TwoFactorCard email={me.data.email} />
      <EmailPreferences />
    </SpaceBetween>
  );
}
