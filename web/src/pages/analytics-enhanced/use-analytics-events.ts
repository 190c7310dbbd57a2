import { useCallback, useEffect, useRef } from 'react';
import type { AnalyticsEvent } from '@kehila/shared';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';

/**
 * Logs the page's usage events (S3 §2: page view, tab change, time range change) to the server,
 * which counts them per community and day. A failed log never disturbs the page: the event is lost,
 * the screen is not.
 */
export function useAnalyticsEvents(communityId: string | null) {
  const callApi = useCallApi();
  const log = useCallback(
    (body: AnalyticsEvent) => {
      if (!communityId) return;
      callApi(routes.recordAnalyticsEvent, { params: { communityId }, body }).catch(() => undefined);
    },
    [callApi, communityId],
  );
  // One page view per community shown (React's development double effects included).
  const viewed = useRef<string | null>(null);
  useEffect(() => {
    if (!communityId || viewed.current === communityId) return;
    viewed.current = communityId;
    log({ event: 'page_view', page: 'enhanced_analytics' });
  }, [communityId, log]);
  return log;
}
