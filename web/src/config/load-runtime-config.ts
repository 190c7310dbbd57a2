import type { RuntimeConfig } from '@kehila/shared/api/runtime-config';

/** Why the app could not start: config.json unreachable, not JSON, or not the expected shape. */
export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

/** The path the web stack (cloud) and the local gateway both serve the runtime configuration at. */
export const RUNTIME_CONFIG_PATH = '/config.json';

/** What each setting must be: a string, an optional string, or one of the listed values. */
type FieldRule<V> = 'string' | 'optional' | readonly V[];

/**
 * `RuntimeConfigSchema` as a table TypeScript keeps complete (every setting has a rule), read without
 * zod so that starting a session does not load it. The file's writers (the web stack at deploy, the
 * local gateway) produce it from the schema itself; this check names what a hand-edited or stale file
 * lacks.
 */
const RULES: { readonly [K in keyof RuntimeConfig]-?: FieldRule<RuntimeConfig[K]> } = {
  stage: ['local', 'cloud'],
  region: 'string',
  userPoolId: 'string',
  userPoolClientId: 'string',
  userPoolEndpoint: 'optional',
  authFlowType: ['USER_SRP_AUTH', 'USER_PASSWORD_AUTH'],
  oauthDomain: 'optional',
  wsUrl: 'string',
  apiUrl: 'string',
  botPhone: 'string',
  supportEmail: 'string',
};

function invalidFields(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return ['(root)'];
  const values = body as Record<string, unknown>;
  return Object.entries(RULES)
    .filter(([field, rule]: [string, FieldRule<unknown>]) => {
      const value = values[field];
      if (rule === 'optional') return value !== undefined && typeof value !== 'string';
      if (rule === 'string') return typeof value !== 'string';
      return !rule.includes(value);
    })
    .map(([field]) => field);
}

/** Fetches and validates `/config.json`; the build itself carries no settings (one build, many stages). */
export async function loadRuntimeConfig(fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchFn(RUNTIME_CONFIG_PATH, { cache: 'no-store', headers: { accept: 'application/json' } });
  } catch (err) {
    throw new RuntimeConfigError(`${RUNTIME_CONFIG_PATH} could not be reached (${(err as Error).message}).`);
  }
  if (!response.ok) {
    throw new RuntimeConfigError(`${RUNTIME_CONFIG_PATH} answered HTTP ${response.status}.`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new RuntimeConfigError(`${RUNTIME_CONFIG_PATH} is not valid JSON.`);
  }
  const invalid = invalidFields(body);
  if (invalid.length > 0) {
    throw new RuntimeConfigError(`${RUNTIME_CONFIG_PATH} is missing or has invalid settings: ${invalid.join(', ')}.`);
  }
  // Every setting checked above; settings the app does not know are ignored, as the schema strips them.
  const settings = body as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(RULES).flatMap((k) => (settings[k] === undefined ? [] : [[k, settings[k]]])),
  ) as RuntimeConfig;
}
