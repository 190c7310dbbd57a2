import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../../web/src/auth/auth-provider';
import { useAuth } from '../../../web/src/auth/use-auth';
import { ToastProvider } from '../../../web/src/components/toast/toast-provider';
import { dispatchAuthEvent } from '../helpers/hub';
import { findToast } from '../helpers/toasts';
import { dana, resetAuth, setSignedIn, setSignedOut } from '../helpers/amplify-auth';

vi.mock('aws-amplify/auth', () => import('../helpers/amplify-auth').then((m) => m.authModule));

function Status() {
  const { state } = useAuth();
  return (
    <output data-testid="status">{state.status === 'signedIn' ? `signedIn:${state.user.email}` : state.status}</output>
  );
}

function renderProvider(queryClient = new QueryClient()) {
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthProvider>
          <Status />
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

const dispatch = (event: string) => act(() => dispatchAuthEvent(event));

beforeEach(() => resetAuth());

describe('AuthProvider', () => {
  it('is loading until the session is read, then signed out', async () => {
    renderProvider();
    expect(screen.getByTestId('status')).toHaveTextContent('loading');
    expect(await screen.findByText('signedOut')).toBeInTheDocument();
  });

  it('reports a stored session as signed in, with the ID token e-mail', async () => {
    setSignedIn();
    renderProvider();
    expect(await screen.findByText(`signedIn:${dana.email}`)).toBeInTheDocument();
  });

  it('follows Hub signedIn and signedOut events, dropping cached queries on sign-out', async () => {
    const queryClient = renderProvider();
    await screen.findByText('signedOut');

    setSignedIn();
    dispatch('signedIn');
    expect(await screen.findByText(`signedIn:${dana.email}`)).toBeInTheDocument();

    queryClient.setQueryData(['me', dana.userId], { id: dana.userId });
    setSignedOut();
    dispatch('signedOut');
    expect(await screen.findByText('signedOut')).toBeInTheDocument();
    expect(queryClient.getQueryData(['me', dana.userId])).toBeUndefined();
  });

  it('treats a failed token refresh as signed out', async () => {
    setSignedIn();
    renderProvider();
    await screen.findByText(`signedIn:${dana.email}`);
    dispatch('tokenRefresh_failure');
    expect(await screen.findByText('signedOut')).toBeInTheDocument();
  });

  it("says 'No user found after Google authentication' when the Google round trip brings no session", async () => {
    renderProvider();
    await screen.findByText('signedOut');
    dispatch('signInWithRedirect');
    expect(await findToast('No user found after Google authentication')).toBeInTheDocument();
  });

  it('signs in after a Google round trip that brought a session', async () => {
    renderProvider();
    await screen.findByText('signedOut');
    setSignedIn();
    dispatch('signInWithRedirect');
    expect(await screen.findByText(`signedIn:${dana.email}`)).toBeInTheDocument();
  });
});
