import { EnhancedAnalyticsPage } from './enhanced-analytics-page';

/** Enhanced Analytics (S3 §2), at /analytics/enhanced. */
export default function EnhancedAnalyticsRoute() {
  return <EnhancedAnalyticsPage />;
}
