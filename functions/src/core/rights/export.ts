import { strToU8, zipSync } from 'fflate';
import type { Deps } from '../deps';
import { partitionItems } from '../../data/community-data';
import { keys } from '../../data/keys';

/** The files of a community's export and, per file, which of its own partition's items go in it. */
const OWN_FILES: Record<string, (sk: string) => boolean> = {
  members: (sk) => sk.startsWith('MEMBER#'),
  actions: (sk) => sk.startsWith('ACTION#'),
  summaries: (sk) => sk.startsWith('SUMMARY#'),
  invitations: (sk) => sk.startsWith('INVITE#'),
  directory_links: (sk) => sk.startsWith('DIRLINK#'),
  // the bot's view of the WhatsApp group (docs/members.md)
  group_participants: (sk) => sk.startsWith('PARTICIPANT#'),
  settings: (sk) =>
    sk === 'COMMUNITY' || sk === 'THEME' || sk === 'DELIVERY' || sk.startsWith('PROMPT#') || sk === 'BISUMMARY',
};

/** Fields never exported: secrets of the service, not data of the community. */
const WITHHELD = new Set(['visitor_salt', 'worker_token']);

/** One CSV cell (RFC 4180): lists and objects as JSON, quoted when needed. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV with the union of their fields as the header (sorted, so files compare across exports). */
export function toCsv(rows: readonly Record<string, unknown>[]): string {
  const header = [...new Set(rows.flatMap((r) => Object.keys(r)))].sort();
  const lines = [header.map(cell).join(','), ...rows.map((r) => header.map((h) => cell(r[h])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** A stored item as an export row: without its sort key and the withheld fields. */
export function clean(item: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) if (k !== 'sk' && !WITHHELD.has(k)) out[k] = v;
  return out;
}

/**
 * Builds a community's export (GDPR Art. 15, 20; docs/data-rights.md): a zip with each file as JSON
 * and as CSV — messages, members, actions, summaries, invitations, directory links, group participants, suppliers — and
 * settings (the community, its theme, delivery settings, prompts) as JSON. Reads only the
 * community's own partitions. Resolves to the zip and the rows per file.
 */
export async function buildCommunityExport(
  deps: Pick<Deps, 'db' | 'now'>,
  communityId: string,
  onProgress: (share: number) => Promise<void> = async () => undefined,
): Promise<{ zip: Uint8Array; counts: Record<string, number> }> {
  const files: Record<string, Record<string, unknown>[]> = Object.fromEntries(
    [...Object.keys(OWN_FILES), 'messages', 'suppliers'].map((f) => [f, []]),
  );
  for await (const items of partitionItems(deps.db, keys.communityPartition(communityId))) {
    for (const item of items) {
      const sk = String(item.sk);
      const file = Object.keys(OWN_FILES).find((f) => OWN_FILES[f]?.(sk));
      // Settings keep their sort key until they are grouped (settingsOf).
      if (file) files[file]?.push(file === 'settings' ? item : clean(item));
    }
  }
  await onProgress(10);
  const partitions = keys.communityPartitions(communityId, []);
  let pages = 0;
  for await (const items of partitionItems(deps.db, partitions.messages ?? '')) {
    files.messages?.push(...items.map(clean));
    pages += 1;
    // Each page is up to 1 MB of messages; the share creeps towards 80 % as they arrive.
    await onProgress(Math.min(80, 10 + pages * 5));
  }
  for await (const items of partitionItems(deps.db, partitions.suppliers ?? ''))
    files.suppliers?.push(...items.map(clean));
  await onProgress(85);
  const { settings = [], ...lists } = files;
  const zip = packExport(
    lists,
    { settings: settingsOf(settings) },
    `Kehila export of community ${communityId}, made ${deps.now().toISOString()}.\r\n` +
      'Each list is given as JSON and as CSV (UTF-8). settings.json holds the community, its theme, ' +
      'summary delivery settings and summary prompts.\r\n',
  );
  return { zip, counts: { ...rowCounts(lists), settings: settings.length } };
}

/** Rows per list: an export job's `counts`. */
export function rowCounts(lists: Readonly<Record<string, readonly unknown[]>>): Record<string, number> {
  return Object.fromEntries(Object.entries(lists).map(([name, rows]) => [name, rows.length]));
}

/**
 * The zip of an export (a community's or an account's): each list as `<name>.json` and
 * `<name>.csv`, each object as `<name>.json`, and README.txt.
 */
export function packExport(
  lists: Readonly<Record<string, readonly Record<string, unknown>[]>>,
  objects: Readonly<Record<string, unknown>>,
  readme: string,
): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const [name, rows] of Object.entries(lists)) {
    entries[`${name}.json`] = strToU8(JSON.stringify(rows, null, 2));
    entries[`${name}.csv`] = strToU8(toCsv(rows));
  }
  for (const [name, value] of Object.entries(objects)) entries[`${name}.json`] = strToU8(JSON.stringify(value, null, 2));
  entries['README.txt'] = strToU8(readme);
  return zipSync(entries, { level: 6 });
}

/** The settings items as one object by kind (their sort keys tell them apart). */
function settingsOf(rows: readonly Record<string, unknown>[]): Record<string, unknown> {
  const one = (sk: string) => {
    const row = rows.find((r) => r.sk === sk);
    return row ? clean(row) : null;
  };
  return {
    community: one('COMMUNITY'),
    theme: one('THEME'),
    summary_delivery: one('DELIVERY'),
    summary_prompts: rows.filter((r) => String(r.sk).startsWith('PROMPT#')).map(clean),
    business_intelligence: one('BISUMMARY'),
  };
}
