import * as z from 'zod';
import { routes, type AnyRoute } from '@kehila/shared';

const AUTH_TEXT: Record<AnyRoute['auth'], string> = {
  public: 'anyone',
  user: 'signed-in user',
  member: 'member of the community',
  admin: 'admin of the community',
  owner: 'workspace owner',
  webhook: 'signed webhook',
};

function fields(schema: z.ZodType | 'raw' | undefined): string {
  if (!schema) return '–';
  if (schema === 'raw') return 'raw body (signature verified)';
  const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  const names = Object.keys(json.properties ?? {});
  if (names.length === 0) return '–';
  const required = new Set(json.required ?? []);
  return names.map((n) => (required.has(n) ? `\`${n}\`` : `\`${n}\`?`)).join(', ');
}

/** The API reference as markdown, one table row per route, grouped by area. */
export function renderApiDocs(): string {
  const byArea = new Map<string, [string, AnyRoute][]>();
  for (const [name, route] of Object.entries(routes as Record<string, AnyRoute>)) {
    const list = byArea.get(route.area) ?? [];
    list.push([name, route]);
    byArea.set(route.area, list);
  }
  const lines = [
    '# API reference',
    '',
    'Generated from the contract in `shared/src/api/` by `npm run docs:api`; do not edit by hand.',
    'Every route is one entry of `routes`; each area is one Lambda function in the cloud. Errors answer',
    '`{ message, code, issues?, retryAfter? }` where `message` is the text the UI shows.',
    '',
  ];
  for (const area of [...byArea.keys()].sort()) {
    lines.push(
      `## ${area}`,
      '',
      '| route | method and path | who | query | body | summary |',
      '|---|---|---|---|---|---|',
    );
    for (const [name, r] of byArea.get(area) ?? []) {
      lines.push(
        `| \`${name}\` | \`${r.method} ${r.path}\` | ${AUTH_TEXT[r.auth]} | ${fields(r.query)} | ${fields(r.body)} | ${r.summary.replace(/\|/g, '\\|')} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}
