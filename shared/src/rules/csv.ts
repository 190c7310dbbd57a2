/** UTF-8 byte order mark: spreadsheets then read Hebrew (and any non-Latin text) correctly. */
export const CSV_BOM = '\uFEFF';

/** One CSV field: quoted when it holds a comma, quote, line break or leading formula character. */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  // A cell starting with = + - @ would run as a formula in a spreadsheet.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV line (CRLF-terminated, as RFC 4180 says). */
export function csvLine(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/** A download name with the date: `kehila-analytics-2026-11-25.csv` (S2 §9: the export is named with the date). */
export function csvFileName(what: string, day: string): string {
  return `kehila-${what}-${day}.csv`;
}
