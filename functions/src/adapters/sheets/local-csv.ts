import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { SheetsPort } from '../../core/ports/sheets';

/** One CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The file a community's spreadsheet rows go to locally. */
export function localSheetFile(dir: string, communityId: string, sheetId: string): string {
  return join(dir, 'sheets', `${communityId}--${sheetId || 'sheet'}.csv`);
}

/**
 * Spreadsheet delivery on the local stack: nothing leaves the machine; each row is appended to a CSV
 * file under the data directory's outbox/sheets/, exactly as it would be appended to the sheet.
 */
export function localCsvSheets(dir: string): SheetsPort {
  return {
    async append({ communityId, sheetId, rows }) {
      const file = localSheetFile(dir, communityId, sheetId);
      await mkdir(join(dir, 'sheets'), { recursive: true });
      await appendFile(file, rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n', 'utf8');
      console.log(`[sheets outbox] ${rows.length} row(s) for ${communityId} -> ${file}`);
    },
  };
}
