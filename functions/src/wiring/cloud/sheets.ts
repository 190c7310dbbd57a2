import { googleSheetsWithKey } from '../../adapters/sheets/google';
import { localCsvSheets } from '../../adapters/sheets/local-csv';
import type { Wiring } from '../deps';

/**
 * Summary spreadsheets: Google Sheets as the service account whose key is the `googleServiceAccount`
 * secret (Secrets Manager in the cloud, GOOGLE_SERVICE_ACCOUNT_JSON directly), else the local CSV outbox.
 */
export const summarySheets: NonNullable<Wiring['sheets']> = ({ config, ports }) => {
  if (config.sheets?.serviceAccountJson || config.sheets?.serviceAccountSecretName)
    return googleSheetsWithKey(() => ports.secrets.get('googleServiceAccount'));
  if (config.sheets?.localDir) return localCsvSheets(config.sheets.localDir);
  throw new Error(
    'spreadsheet delivery is not configured: set GOOGLE_SERVICE_ACCOUNT_SECRET_NAME (or GOOGLE_SERVICE_ACCOUNT_JSON)',
  );
};
