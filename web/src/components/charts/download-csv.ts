import { CSV_BOM, csvFileName, csvLine } from '@kehila/shared';

/** Saves rows as a CSV file (UTF-8 with BOM) named with today's date. */
export function downloadCsv(
  what: string,
  rows: readonly (readonly (string | number | boolean | null | undefined)[])[],
): void {
  const blob = new Blob([CSV_BOM, ...rows.map((r) => csvLine(r))], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = csvFileName(what, new Date().toLocaleDateString('en-CA'));
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
