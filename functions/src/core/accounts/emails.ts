/**
 * The e-mails Cognito sends for us (verification and password reset), rendered by the CustomMessage
 * trigger in the cloud and by the dev mailbox locally, from the same template. Links lead to the
 * web app: verification to /login?verify=<code>&email=<email> (the login page confirms the account),
 * reset to /reset-password?code=<code>&email=<email> (the reset page sets the new password).
 */

/** Which e-mail: account verification (sign-up or resend), password reset, or an operator invitation. */
export type AuthEmailKind = 'verify' | 'reset' | 'invite';

/** A rendered e-mail. `link` is the address the button leads to (the dev mailbox shows it). */
export interface AuthEmail {
  readonly kind: AuthEmailKind;
  readonly subject: string;
  readonly html: string;
  readonly text: string;
  readonly link: string;
}

/** The web app's link for an e-mail: the code and the address as query parameters. */
export function authEmailLink(kind: AuthEmailKind, origin: string, email: string, code: string): string {
  const base = origin.replace(/\/+$/, '');
  // The code may be Cognito's placeholder ({####}); Cognito substitutes it inside the link, so it
  // stays literal here and the real code (digits) needs no encoding.
  const e = encodeURIComponent(email);
  if (kind === 'verify') return `${base}/login?verify=${code}&email=${e}`;
  if (kind === 'reset') return `${base}/reset-password?code=${code}&email=${e}`;
  return `${base}/login?email=${e}`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const COPY: Record<
  AuthEmailKind,
  { subject: string; intro: string; button: string; codeLabel: string; outro: string }
> = {
  verify: {
    subject: 'Verify your email for Kehila',
    intro: 'Welcome to Kehila! Confirm your email address to finish creating your account.',
    button: 'Verify my email',
    codeLabel: 'Or enter this verification code:',
    outro: "If you didn't create a Kehila account, you can ignore this email.",
  },
  reset: {
    subject: 'Reset your Kehila password',
    intro: 'We received a request to reset the password of your Kehila account.',
    button: 'Set a new password',
    codeLabel: 'Your reset code:',
    outro: "If you didn't ask to reset your password, you can ignore this email; your password stays the same.",
  },
  invite: {
    subject: 'Your Kehila account',
    intro: 'An account was created for you on Kehila.',
    button: 'Sign in to Kehila',
    codeLabel: 'Your temporary password:',
    outro: 'You will be asked to choose your own password when you first sign in.',
  },
};

/**
 * Renders an authentication e-mail. `code` is the real code (dev mailbox) or Cognito's code
 * placeholder (the trigger); for invitations `username` is Cognito's user-name placeholder or value.
 */
export function renderAuthEmail(
  kind: AuthEmailKind,
  input: { origin: string; email: string; code: string; username?: string },
): AuthEmail {
  const copy = COPY[kind];
  const link = authEmailLink(kind, input.origin, input.email, input.code);
  const userLine = kind === 'invite' && input.username ? `Your user name: ${input.username}` : '';
  const text = [
    copy.intro,
    '',
    `${copy.button}: ${link}`,
    '',
    `${copy.codeLabel} ${input.code}`,
    ...(userLine ? [userLine] : []),
    '',
    copy.outro,
  ].join('\n');
  const html = [
    '<div style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:520px;margin:0 auto;color:#111827">',
    '<h2 style="color:#0EA5E9;margin:0 0 16px">Kehila</h2>',
    `<p>${escapeHtml(copy.intro)}</p>`,
    `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#0EA5E9;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(copy.button)}</a></p>`,
    `<p>${escapeHtml(copy.codeLabel)} <strong style="font-size:18px;letter-spacing:2px">${escapeHtml(input.code)}</strong></p>`,
    ...(userLine ? [`<p>${escapeHtml(userLine)}</p>`] : []),
    `<p style="color:#6b7280;font-size:13px">${escapeHtml(copy.outro)}</p>`,
    '</div>',
  ].join('\n');
  return { kind, subject: copy.subject, html, text, link };
}
