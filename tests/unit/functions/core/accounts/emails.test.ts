import { describe, expect, it } from 'vitest';
import { authEmailLink, renderAuthEmail } from '@kehila/functions/core/accounts/emails';

describe('authentication e-mails', () => {
  it('verification links to /login with the code and the e-mail (the login page confirms)', () => {
    expect(authEmailLink('verify', 'https://app.example.com/', 'dana+x@example.com', '123456')).toBe(
      'https://app.example.com/login?verify=123456&email=dana%2Bx%40example.com',
    );
  });

  it('reset links to /reset-password with the code and the e-mail', () => {
    expect(authEmailLink('reset', 'http://localhost:5173', 'dana@example.com', '654321')).toBe(
      'http://localhost:5173/reset-password?code=654321&email=dana%40example.com',
    );
  });

  it("keeps Cognito's code placeholder literal, in the link and in the text, so Cognito can fill it", () => {
    const e = renderAuthEmail('verify', { origin: 'https://app.example.com', email: 'd@example.com', code: '{####}' });
    expect(e.link).toBe('https://app.example.com/login?verify={####}&email=d%40example.com');
    expect(e.html).toContain('{####}');
    expect(e.html).toContain('href="https://app.example.com/login?verify={####}&#38;email=d%40example.com"');
    expect(e.subject).toBe('Verify your email for Kehila');
  });

  it('an invitation carries the user name and the temporary password placeholders Cognito requires', () => {
    const e = renderAuthEmail('invite', {
      origin: 'https://a.example',
      email: 'x@y.co',
      code: '{####}',
      username: '{username}',
    });
    expect(e.html).toContain('{####}');
    expect(e.html).toContain('{username}');
  });

  it('escapes what it puts into HTML', () => {
    const e = renderAuthEmail('reset', { origin: 'https://a.example', email: '"><script>@x.co', code: '1' });
    expect(e.html).not.toContain('<script>');
  });
});
