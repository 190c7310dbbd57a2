import { fetchAuthSession, getCurrentUser } from 'aws-amplify/auth';

/** The signed-in Cognito user as the app shows them until the profile arrives. */
export interface SessionUser {
  /** Cognito `sub`; the profile id on the server. */
  readonly userId: string;
  /** Cognito user name (a UUID when e-mail is the sign-in alias, so not for display). */
  readonly username: string;
  /** The ID token's e-mail claim, when present. */
  readonly email: string | null;
}

/** Reads the current Cognito session; rejects when nobody is signed in. */
export async function loadSessionUser(): Promise<SessionUser> {
  const { userId, username } = await getCurrentUser();
  const session = await fetchAuthSession();
  const email = session.tokens?.idToken?.payload.email;
  return { userId, username, email: typeof email === 'string' ? email : null };
}

/** The current ID token for API calls (refreshed by Amplify when needed), or null when signed out. */
export async function getIdToken(): Promise<string | null> {
  try {
    const session = await fetchAuthSession();
    return session.tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}
