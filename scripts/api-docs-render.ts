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

interface JsonObjectSchema {
  properties?: Record<string, { const?: unknown }>;
  required?: string[];
  anyOf?: JsonObjectSchema[];
  oneOf?: JsonObjectSchema[];
}

/** One object's fields: `name` when required, `name`? when optional, `name`=`value` when fixed. */
function objectFields(json: JsonObjectSchema): string {
  const properties = json.properties ?? {};
  const required = new Set(json.required ?? []);
  const fixed = Object.entries(properties).filter(([, p]) => p.const !== undefined);
  const free = Object.keys(properties).filter((n) => properties[n]?.const === undefined);
  return [
    ...fixed.map(([n, p]) => `\`${n}\`=\`${String(p.const)}\``),
    ...free.map((n) => (required.has(n) ? `\`${n}\`` : `\`${n}\`?`)),
  ].join(', ');
}

function fields(schema: z.ZodType | 'raw' | undefined): string {
  if (!schema) return '–';
  if (schema === 'raw') return 'raw body (signature verified)';
  const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as JsonObjectSchema;
  // A union body (e.g. a change by `kind`) lists each variant's fields, one variant per line.
  const variants = json.anyOf ?? json.oneOf;
  if (variants) {
    const listed = variants.map(objectFields).filter((text) => text.length > 0);
    return listed.length > 0 ? listed.join('<br>or ') : '–';
  }
  return objectFields(json) || '–';
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
