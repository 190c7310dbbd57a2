import { createSign } from 'node:crypto';
import * as z from 'zod';
import type { SheetsPort } from '../../core/ports/sheets';

const ServiceAccountSchema = z.object({
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  token_uri: z.string().url().default('https://oauth2.googleapis.com/token'),
});

const SCOPE = 'https://www.googleapis.com/auth/spreadsheets';

function base64url(data: string | Buffer): string {
  return Buffer.from(data).toString('base64url');
}

/** A signed service-account assertion (RFC 7523) for the token endpoint. */
function assertion(sa: z.infer<typeof ServiceAccountSchema>, nowSeconds: number): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({ iss: sa.client_email, scope: SCOPE, aud: sa.token_uri, iat: nowSeconds, exp: nowSeconds + 3600 }),
  );
  const signer = createSign('RSA-SHA256');
  signer.update(`${header}.${claims}`);
  return `${header}.${claims}.${base64url(signer.sign(sa.private_key))}`;
}

/**
 * Spreadsheet delivery through the Google Sheets API (values.append) as a service account whose JSON
 * key is given (see googleSheetsWithKey for where it comes from); the admin shares the sheet with the
 * account's e-mail. Tokens are kept until a minute before they expire.
 */
export function googleSheets(serviceAccountJson: string, fetchFn: typeof fetch = fetch): SheetsPort {
  const sa = ServiceAccountSchema.parse(JSON.parse(serviceAccountJson));
  let token: { value: string; expires: number } | null = null;

  async function accessToken(): Promise<string> {
    const now = Date.now();
    if (token && token.expires - 60_000 > now) return token.value;
    const res = await fetchFn(sa.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: assertion(sa, Math.floor(now / 1000)),
      }).toString(),
    });
    if (!res.ok) throw new Error(`Google token request failed: ${res.status}`);
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error('Google token response has no access_token');
    token = { value: body.access_token, expires: now + (body.expires_in ?? 3600) * 1000 };
    return token.value;
  }

  return {
    async append({ sheetId, rows }) {
      const url = `https://sheets.googleapis.com/v4/spreadsheets/${encodeURIComponent(sheetId)}/values/A1:append?valueInputOption=RAW&insertDataOption=INSERT_ROWS`;
      const res = await fetchFn(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ values: rows }),
      });
      if (!res.ok) throw new Error(`Google Sheets append failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
    },
  };
}

/**
 * Google Sheets with a key read when the first rows are sent (the `googleServiceAccount` secret:
 * Secrets Manager in the cloud, cached by the secrets port), so a function that never sends to a
 * spreadsheet never reads it; a rotated key (different text) gets a fresh client and token.
 */
export function googleSheetsWithKey(loadKey: () => Promise<string | null>, fetchFn: typeof fetch = fetch): SheetsPort {
  let current: { key: string; sheets: SheetsPort } | null = null;
  return {
    async append(input) {
      const key = await loadKey();
      if (!key) throw new Error('spreadsheet delivery is not configured: the Google service account secret is empty');
      if (current?.key !== key) current = { key, sheets: googleSheets(key, fetchFn) };
      await current.sheets.append(input);
    },
  };
}
