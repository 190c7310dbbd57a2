import { createHash } from 'node:crypto';
import { AwsV4Signer } from 'aws4fetch';

/** AWS credentials as the signer takes them. */
export interface Credentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string;
}

/** How to reach an OpenSearch domain. */
export interface OpenSearchClientOptions {
  /** https://host (Amazon OpenSearch Service) or http://host:port (a local container, tests). */
  readonly endpoint: string;
  readonly region: string;
  /** SigV4 for Amazon OpenSearch Service; none for an unauthenticated local cluster. */
  readonly signing: 'sigv4' | 'none';
  /** Credentials (or a provider of them) for SigV4; the Lambda role's in the cloud. */
  readonly credentials?: Credentials | (() => Promise<Credentials>);
  /** `es` for managed domains, `aoss` for OpenSearch Serverless. */
  readonly service?: string;
  readonly timeoutMs?: number;
  /** Retries of throttled (429) and unavailable (502-504) answers and network errors. */
  readonly retries?: number;
  readonly fetch?: typeof fetch;
}

/** An error answer of OpenSearch: status, its error type and reason. */
export class OpenSearchError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly reason: string,
  ) {
    super(`OpenSearch ${status} ${type}: ${reason}`);
    this.name = 'OpenSearchError';
  }
}

/** A request: JSON body, or NDJSON lines for `_bulk`. */
export interface OpenSearchRequest {
  readonly method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly ndjson?: readonly unknown[];
  /** Statuses answered without throwing (e.g. 404 for an index not created yet). */
  readonly accept?: readonly number[];
}

/** The answer: status and parsed JSON body (undefined for an empty body). */
export interface OpenSearchResponse<T> {
  readonly status: number;
  readonly body: T;
}

/** A small OpenSearch REST client over fetch, signing each request with SigV4. */
export interface OpenSearchClient {
  request<T = unknown>(req: OpenSearchRequest): Promise<OpenSearchResponse<T>>;
}

/** RFC 3986 encoding, which is what SigV4's canonical query string uses. */
function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const RETRYABLE = new Set([429, 502, 503, 504]);

function errorOf(status: number, body: unknown): OpenSearchError {
  const err = (body as { error?: { type?: string; reason?: string; root_cause?: { reason?: string }[] } | string })
    ?.error;
  if (typeof err === 'string') return new OpenSearchError(status, 'error', err);
  const type = err?.type ?? 'http_error';
  const reason = err?.reason ?? err?.root_cause?.[0]?.reason ?? (typeof body === 'string' ? body : `status ${status}`);
  return new OpenSearchError(status, type, reason);
}

/** Builds the client. Credentials are resolved on the first signed request, not at construction. */
export function createOpenSearchClient(opts: OpenSearchClientOptions): OpenSearchClient {
  const base = new URL(opts.endpoint);
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const retries = opts.retries ?? 2;
  const credentials = async (): Promise<Credentials> => {
    if (!opts.credentials) throw new Error('OpenSearch signing needs credentials');
    return typeof opts.credentials === 'function' ? opts.credentials() : opts.credentials;
  };

  async function once(req: OpenSearchRequest): Promise<Response> {
    let body: string | undefined;
    let contentType: string | undefined;
    if (req.ndjson) {
      body = req.ndjson.map((line) => JSON.stringify(line)).join('\n') + '\n';
      contentType = 'application/x-ndjson';
    } else if (req.body !== undefined) {
      body = JSON.stringify(req.body);
      contentType = 'application/json';
    }
    const query = req.query ?? {};
    const qs = Object.keys(query)
      .sort()
      .map((k) => `${rfc3986(k)}=${rfc3986(query[k] ?? '')}`)
      .join('&');
    const url = `${base.origin}${req.path}${qs ? `?${qs}` : ''}`;
    let headers: Record<string, string> = {
      accept: 'application/json',
      ...(contentType ? { 'content-type': contentType } : {}),
    };
    if (opts.signing === 'sigv4') {
      const c = await credentials();
      const signed = await new AwsV4Signer({
        method: req.method,
        url,
        // The payload's hash is signed too (OpenSearch Serverless requires it; managed domains accept it).
        headers: {
          ...headers,
          'x-amz-content-sha256': createHash('sha256')
            .update(body ?? '')
            .digest('hex'),
        },
        ...(body !== undefined ? { body } : {}),
        accessKeyId: c.accessKeyId,
        secretAccessKey: c.secretAccessKey,
        ...(c.sessionToken ? { sessionToken: c.sessionToken } : {}),
        service: opts.service ?? 'es',
        region: opts.region,
      }).sign();
      headers = Object.fromEntries(signed.headers.entries());
    }
    return doFetch(url, {
      method: req.method,
      headers,
      ...(body !== undefined ? { body } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  return {
    async request<T>(req: OpenSearchRequest): Promise<OpenSearchResponse<T>> {
      for (let attempt = 0; ; attempt++) {
        let res: Response;
        try {
          res = await once(req);
        } catch (err) {
          if (attempt < retries) {
            await new Promise((r) => setTimeout(r, 100 * 4 ** attempt));
            continue;
          }
          throw err;
        }
        const text = req.method === 'HEAD' ? '' : await res.text();
        let parsed: unknown = undefined;
        if (text) {
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = text;
          }
        }
        if (res.ok || req.accept?.includes(res.status)) return { status: res.status, body: parsed as T };
        if (RETRYABLE.has(res.status) && attempt < retries) {
          await new Promise((r) => setTimeout(r, 100 * 4 ** attempt));
          continue;
        }
        throw errorOf(res.status, parsed);
      }
    },
  };
}
