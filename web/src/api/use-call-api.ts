import { useContext } from 'react';
import { ApiClientContext } from './api-client-context';
import type { CallApi } from './client';

/** The contract-typed `callApi` of the running app. */
export function useCallApi(): CallApi {
  const callApi = useContext(ApiClientContext);
  if (!callApi) throw new Error('useCallApi outside ApiClientContext');
  return callApi;
}
