/** Appends summary rows to a community's spreadsheet (Google Sheets in the cloud, a CSV file locally). */
export interface SheetsPort {
  /** Appends rows (each a list of cell texts) to the first sheet of the spreadsheet `sheetId`. */
  append(input: { communityId: string; sheetId: string; rows: readonly (readonly string[])[] }): Promise<void>;
}
