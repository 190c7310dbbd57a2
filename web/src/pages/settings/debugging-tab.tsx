import { useEffect, useState } from 'react';
import { fetchAuthSession } from 'aws-amplify/auth';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useAuth } from '../../auth/use-auth';
import { useMe } from '../../auth/use-me';
import { useCurrentCommunity } from '../../communities/current-community';
import { useRuntimeConfig } from '../../config/use-runtime-config';
import { settingsText as T } from './settings-text';

/** What the debugging tab reads of the session: times and the sign-in method, never a token itself. */
interface SessionFacts {
  readonly signedInAt: string | null;
  readonly expiresAt: string | null;
  readonly method: string;
}

const iso = (seconds: unknown) => (typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null);

/** The session's facts from the ID token's claims (sign-in time, expiry, provider); the token stays where it is. */
function useSessionFacts(): SessionFacts | null {
  const [facts, setFacts] = useState<SessionFacts | null>(null);
  useEffect(() => {
    let live = true;
    fetchAuthSession()
      .then((session) => {
        const claims = session.tokens?.idToken?.payload ?? {};
        const identities = claims.identities;
        const provider =
          Array.isArray(identities) && identities[0] && typeof identities[0] === 'object' && 'providerName' in identities[0]
            ? String(identities[0].providerName)
            : 'Email and password';
        if (live) setFacts({ signedInAt: iso(claims.auth_time), expiresAt: iso(claims.exp), method: provider });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return facts;
}

const show = (v: string | number | boolean | null | undefined) =>
  v === null || v === undefined || v === '' ? T.notSet : typeof v === 'boolean' ? (v ? T.yes : T.no) : <span dir="auto">{String(v)}</span>;

/**
 * The Debugging tab (S2 §2.4): technical facts about the session, the profile, the selected community
 * and the browser, for support. Identifiers and times only: no token, password or key is read into it.
 */
export function DebuggingTab() {
  const { state } = useAuth();
  const me = useMe();
  const { community, communities } = useCurrentCommunity();
  const config = useRuntimeConfig();
  const facts = useSessionFacts();
  const user = state.status === 'signedIn' ? state.user : null;
  const profile = me.data?.profile ?? null;
  const access = me.data?.access ?? null;
  const standalone = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;

  return (
    <Container header={<Header variant="h2" description={T.debugIntro}>{T.debugTitle}</Header>}>
      <SpaceBetween size="l">
        <Box variant="h3">{T.debugSession}</Box>
        <KeyValuePairs
          columns={2}
          items={[
            { label: 'Auth status', value: show(state.status) },
            { label: 'User id', value: show(user?.userId) },
            { label: 'E-mail', value: show(user?.email) },
            { label: 'Sign-in method', value: show(facts?.method) },
            { label: 'Signed in at', value: show(facts?.signedInAt) },
            { label: 'Session token expires at', value: show(facts?.expiresAt) },
            { label: 'Region', value: show(config.region) },
          ]}
        />
        <Box variant="h3">{T.debugProfile}</Box>
        <KeyValuePairs
          columns={2}
          items={[
            { label: 'Profile loaded', value: show(profile !== null) },
            { label: 'Username', value: show(profile?.username) },
            { label: 'Profile group id', value: show(profile?.group_id) },
            { label: 'Plan', value: show(profile?.subscription_plan) },
            { label: 'Subscription status', value: show(profile?.subscription_status) },
            { label: 'Trial ends at', value: show(access?.trialEndsAt) },
            { label: 'Access blocked', value: show(access?.isBlocked) },
            { label: 'Profile created at', value: show(profile?.created_at) },
          ]}
        />
        <Box variant="h3">{T.debugCommunity}</Box>
        <KeyValuePairs
          columns={2}
          items={[
            { label: 'Community id', value: show(community?.community_id) },
            { label: 'Name', value: show(community?.display_name) },
            { label: 'WhatsApp group id', value: show(community?.group_id) },
            { label: 'Role', value: show(community?.role) },
            { label: 'Workspace owner', value: show(community?.is_owner) },
            { label: 'Communities', value: show(communities.length) },
          ]}
        />
        <Box variant="h3">{T.debugBrowser}</Box>
        <KeyValuePairs
          columns={2}
          items={[
            { label: 'Online', value: show(navigator.onLine) },
            { label: 'Installed app (standalone)', value: show(standalone) },
            { label: 'Language', value: show(navigator.language) },
            { label: 'Time zone', value: show(Intl.DateTimeFormat().resolvedOptions().timeZone) },
            { label: 'User agent', value: show(navigator.userAgent) },
          ]}
        />
      </SpaceBetween>
    </Container>
  );
}
