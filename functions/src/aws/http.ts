import { AwsClient } from 'aws4fetch';

/**
 * The one way our Lambdas call AWS APIs that every request needs (the table, the queues, the
 * secrets): a SigV4-signed `fetch` (aws4fetch) instead of an AWS SDK client. The SDK's client stack
 * is ~300 KB minified and ~100 ms to load per client; these calls are a few small JSON requests,
 * so the handlers stay within their size and cold-start budget (docs/decisions/0004-aws-http.md).
 * Heavier, rarer services (Bedrock, S3) keep their SDK clients, loaded lazily.
 */

/** An error answer of an AWS API: `name` is the error type (e.g. ConditionalCheckFailedException). */
export class AwsError extends Error {
  constructor(
    name: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = name;
  }
}

/** Where a call goes: the service (signing name), its region and, locally, an endpoint. */
export interface AwsTarget {
  readonly service: string;
  readonly region: string;
  /** e.g. http://127.0.0.1:4566 for a local engine; the service's regional endpoint otherwise. */
  readonly endpoint?: string | undefined;
}

/** Error types worth another try: throttling and transient server errors. */
const RETRYABLE = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'Throttling',
  'InternalServerError',
  'InternalFailure',
  'ServiceUnavailable',
  'TransactionInProgressException',
]);

/** Attempts of a call (the first plus retries), as the SDK's standard retry mode. */
const MAX_ATTEMPTS = 4;
const TIMEOUT_MS = 10_000;

const isLocal = (endpoint: string | undefined) => !!endpoint && /^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(endpoint);

// One client per credentials and target: aws4fetch keeps the derived signing key in its client, so
// a client per call would derive it again (four HMACs) for every request.
const clients = new Map<string, AwsClient>();
const CLIENT_CACHE_MAX = 32;

/**
 * The function's credentials: Lambda puts its role's temporary credentials in the environment, as
 * does the local stack (dummy ones, which local engines accept unchecked). Read at each call, so a
 * process that sets its environment after importing this module (or rotated credentials) still signs
 * correctly: the cached client is keyed by them.
 */
function client(target: AwsTarget): AwsClient {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID ?? (isLocal(target.endpoint) ? 'local' : '');
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY ?? (isLocal(target.endpoint) ? 'local' : '');
  if (!accessKeyId || !secretAccessKey) {
    throw new AwsError('CredentialsError', 'AWS credentials are not in the environment', 0);
  }
  const sessionToken = process.env.AWS_SESSION_TOKEN;
  const key = [accessKeyId, secretAccessKey, sessionToken ?? '', target.service, target.region].join('\n');
  const cached = clients.get(key);
  if (cached) return cached;
  if (clients.size >= CLIENT_CACHE_MAX) clients.clear();
  const made = new AwsClient({
    accessKeyId,
    secretAccessKey,
    ...(sessionToken ? { sessionToken } : {}),
    service: target.service,
    region: target.region,
    // Retries are ours (throttling arrives as 400s with a type, which aws4fetch does not retry).
    retries: 0,
  });
  clients.set(key, made);
  return made;
}

const backOff = (attempt: number) =>
  new Promise((r) => setTimeout(r, Math.min(1_000, 40 * 2 ** attempt) * (0.5 + Math.random() / 2)));

/** The endpoint of a target: the configured one, else the service's regional endpoint. */
export function endpointOf(target: AwsTarget, host = `${target.service}.${target.region}.amazonaws.com`): string {
  return (target.endpoint ?? `https://${host}`).replace(/\/+$/, '');
}

/** Reads an AWS error answer: the type from `__type` (after '#') or the x-amzn-errortype header. */
function errorOf(status: number, headers: Headers, body: unknown): AwsError {
  const b = (body ?? {}) as { __type?: string; message?: string; Message?: string };
  const type = (b.__type ?? headers.get('x-amzn-errortype') ?? `Http${status}`).split('#').pop()?.split(':')[0] ?? '';
  return new AwsError(type || `Http${status}`, b.message ?? b.Message ?? `AWS answered ${status}`, status);
}

/** The JSON body of an answer, or the AwsError it carries. */
async function answerOf<T>(res: Response): Promise<T> {
  const text = await res.text();
  let json: unknown = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = { message: text.slice(0, 200) };
  }
  if (res.ok) return json as T;
  throw errorOf(res.status, res.headers, json);
}

/** Throttling answers: the service did nothing, so even a call that is not idempotent may be sent again. */
const THROTTLED = new Set(['ThrottlingException', 'TooManyRequestsException', 'Throttling', 'RequestLimitExceeded']);

/**
 * A call of an operation that AWS takes without a signature, as a browser would make it (Cognito's
 * public user-pool operations: SignUp, ConfirmForgotPassword, authorised by the app client id).
 * These calls change state and are not idempotent, so only a throttling answer is retried; a server
 * error, a timeout or a network failure is thrown as it is (an AwsError named by its type, or the
 * fetch failure), never sent twice.
 */
export async function awsPublicJson<T>(
  target: AwsTarget,
  call: { readonly operation: string; readonly version: '1.0' | '1.1'; readonly body: unknown },
): Promise<T> {
  const url = `${endpointOf(target)}/`;
  const body = JSON.stringify(call.body);
  for (let attempt = 1; ; attempt++) {
    try {
      return await answerOf<T>(
        await fetch(url, {
          method: 'POST',
          headers: { 'content-type': `application/x-amz-json-${call.version}`, 'x-amz-target': call.operation },
          body,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        }),
      );
    } catch (err) {
      if (!(err instanceof AwsError && THROTTLED.has(err.name)) || attempt >= MAX_ATTEMPTS) throw err;
    }
    await backOff(attempt);
  }
}

/**
 * A call of an AWS JSON-protocol API (DynamoDB, SQS, Secrets Manager): POST `/` with the target's
 * operation in X-Amz-Target, signed; throttling, transient errors and network failures are retried
 * with exponential back-off and jitter; any other error answer throws an AwsError named by its type.
 */
export async function awsJson<T>(
  target: AwsTarget,
  call: { readonly operation: string; readonly version: '1.0' | '1.1'; readonly body: unknown },
): Promise<T> {
  const url = `${endpointOf(target)}/`;
  const body = JSON.stringify(call.body);
  for (let attempt = 1; ; attempt++) {
    try {
      const signed = await client(target).sign(url, {
        method: 'POST',
        headers: { 'content-type': `application/x-amz-json-${call.version}`, 'x-amz-target': call.operation },
        body,
      });
      return await answerOf<T>(await fetch(signed, { signal: AbortSignal.timeout(TIMEOUT_MS) }));
    } catch (err) {
      if (err instanceof AwsError) {
        if (!(RETRYABLE.has(err.name) || err.status >= 500) || attempt >= MAX_ATTEMPTS) throw err;
      } else if (attempt >= MAX_ATTEMPTS) {
        throw err;
      }
      // A network failure or a timeout: try again.
    }
    await backOff(attempt);
  }
}

/**
 * A signed REST call (a path on the target's endpoint): answers the status and the body text;
 * throttling (429), server errors and network failures are retried; other statuses are the
 * caller's to read.
 */
export async function awsRest(
  target: AwsTarget,
  request: { readonly method: string; readonly path: string; readonly body?: string; readonly contentType?: string },
): Promise<{ status: number; text: string; headers: Headers }> {
  const url = `${endpointOf(target)}${request.path}`;
  for (let attempt = 1; ; attempt++) {
    try {
      const signed = await client(target).sign(url, {
        method: request.method,
        ...(request.contentType ? { headers: { 'content-type': request.contentType } } : {}),
        ...(request.body !== undefined ? { body: request.body } : {}),
      });
      const res = await fetch(signed, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      const text = await res.text();
      if ((res.status === 429 || res.status >= 500) && attempt < MAX_ATTEMPTS) {
        await backOff(attempt);
        continue;
      }
      return { status: res.status, text, headers: res.headers };
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS) throw err;
      await backOff(attempt);
    }
  }
}
