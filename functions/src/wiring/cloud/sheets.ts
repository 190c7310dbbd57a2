import { googleSheets } from '../../adapters/sheets/google';
import { localCsvSheets } from '../../adapters/sheets/local-csv';
import type { Wiring } from '../deps';

/** Summary spreadsheets: Google Sheets with the configured service account, else the local CSV outbox. */
export const summarySheets: NonNullable<Wiring['sheets']> = ({ config }) => {
  if (config.sheets?.serviceAccountJson) return googleSheets(config.sheets.serviceAccountJson);
  if (config.sheets?.localDir) return localCsvSheets(config.sheets.localDir);
  throw new Error('spreadsheet delivery is not configured: set GOOGLE_SERVICE_ACCOUNT_JSON');
};
