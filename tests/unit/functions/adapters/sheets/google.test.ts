import { generateKeyPairSync, createVerify } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { googleSheets, googleSheetsWithKey } from '@kehila/functions/adapters/sheets/google';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const account = JSON.stringify({
  client_email: 'kehila@project.iam.gserviceaccount.com',
  private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
});

function fakeFetch(appendStatus = 200) {
  return vi.fn(async (url: string | URL | Request, _init?: RequestInit) => {
    if (String(url).startsWith('https://oauth2.googleapis.com/token'))
      return new Response(JSON.stringify({ access_token: 'tok-1', expires_in: 3600 }), { status: 200 });
    return new Response(appendStatus === 200 ? '{}' : 'PERMISSION_DENIED', { status: appendStatus });
  });
}

describe('Google Sheets delivery', () => {
  it('signs a service-account assertion, then appends the rows with the token, and keeps the token', async () => {
    const f = fakeFetch();
    const sheets = googleSheets(account, f as unknown as typeof fetch);
    await sheets.append({
      communityId: 'c1',
      sheetId: 'abc_DEF-1',
      rows: [['2026-11-25:daily', 'Key Topics', 'Hiring', 'm1']],
    });
    await sheets.append({ communityId: 'c1', sheetId: 'abc_DEF-1', rows: [['x']] });
    expect(f).toHaveBeenCalledTimes(3);
    const [tokenUrl, tokenInit] = f.mock.calls[0]!;
    expect(String(tokenUrl)).toBe('https://oauth2.googleapis.com/token');
    const form = new URLSearchParams(String(tokenInit?.body));
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const [h, c, sig] = (form.get('assertion') ?? '').split('.');
    const claims = JSON.parse(Buffer.from(c!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({
      iss: 'kehila@project.iam.gserviceaccount.com',
      scope: 'https://www.googleapis.com/auth/spreadsheets',
      aud: 'https://oauth2.googleapis.com/token',
    });
    expect(createVerify('RSA-SHA256').update(`${h}.${c}`).verify(publicKey, Buffer.from(sig!, 'base64url'))).toBe(true);
    const [appendUrl, appendInit] = f.mock.calls[1]!;
    expect(String(appendUrl)).toBe(
      'https://sheets.googleapis.com/v4/spreadsheets/abc_DEF-1/values/A1:append?valueInputOption=RAW&insertDataOption=INSERT_ROWS',
    );
    expect((appendInit?.headers as Record<string, string>).authorization).toBe('Bearer tok-1');
    expect(JSON.parse(String(appendInit?.body))).toEqual({
      values: [['2026-11-25:daily', 'Key Topics', 'Hiring', 'm1']],
    });
  });

  it('fails with the status when the sheet refuses the append', async () => {
    const sheets = googleSheets(account, fakeFetch(403) as unknown as typeof fetch);
    await expect(sheets.append({ communityId: 'c1', sheetId: 's', rows: [['x']] })).rejects.toThrow(
      'Google Sheets append failed: 403 PERMISSION_DENIED',
    );
  });

  it('reads the service account secret only when rows are sent, and refuses to send without one', async () => {
    const f = fakeFetch();
    const load = vi.fn(async () => account);
    const sheets = googleSheetsWithKey(load, f as unknown as typeof fetch);
    expect(load).not.toHaveBeenCalled();
    await sheets.append({ communityId: 'c1', sheetId: 's1', rows: [['x']] });
    await sheets.append({ communityId: 'c1', sheetId: 's1', rows: [['y']] });
    expect(load).toHaveBeenCalledTimes(2);
    // the same key: one token for both appends
    expect(f).toHaveBeenCalledTimes(3);

    const empty = googleSheetsWithKey(async () => null, f as unknown as typeof fetch);
    await expect(empty.append({ communityId: 'c1', sheetId: 's1', rows: [['x']] })).rejects.toThrow(
      'the Google service account secret is empty',
    );
  });
});
