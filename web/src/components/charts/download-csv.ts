import { CSV_BOM, csvFileName, csvLine } from '@kehila/shared';

type Cell = string | number | boolean | null | undefined;

/**
 * Saves CSV text parts (each already made of whole lines) as a file, UTF-8 with a BOM so spreadsheets
 * read Hebrew, named with today's date (`kehila-<what>-<yyyy-mm-dd>.csv`). The parts stay separate
 * strings inside the Blob: a large export is never joined into one string.
 */
export function saveCsvParts(what: string, parts: readonly string[]): void {
  const blob = new Blob([CSV_BOM, ...parts], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = csvFileName(what, new Date().toLocaleDateString('en-CA'));
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/** Saves rows as a CSV file (UTF-8 with BOM) named with today's date. */
export function downloadCsv(what: string, rows: readonly (readonly Cell[])[]): void {
  saveCsvParts(
    what,
    rows.map((r) => csvLine(r)),
  );
}
