/** `workers/enrich` → `WorkersEnrich`, `ingest` → `Ingest`: construct ids from declaration names. */
export function pascalCase(name: string): string {
  return name.replace(/(^|[-_/])(\w)/g, (_m, _sep: string, c: string) => c.toUpperCase());
}
