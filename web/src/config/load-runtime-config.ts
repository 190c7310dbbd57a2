import { RuntimeConfigSchema, type RuntimeConfig } from '@kehila/shared/api/runtime-config';

/** Why the app could not start: config.json unreachable, not JSON, or not the expected shape. */
export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

/** The path the web stack (cloud) and the local gateway both serve the runtime configuration at. */
export const RUNTIME_CONFIG_PATH = '/config.json';

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
  const parsed = RuntimeConfigSchema.safeParse(body);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join('.') || '(root)').join(', ');
    throw new RuntimeConfigError(`${RUNTIME_CONFIG_PATH} is missing or has invalid settings: ${fields}.`);
  }
  return parsed.data;
}
