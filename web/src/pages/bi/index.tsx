import { BusinessIntelligencePage } from './bi-page';

/** The Business Intelligence screen (/business-intelligence, S3 §2). */
export default function BusinessIntelligenceRoute() {
  return <BusinessIntelligencePage />;
}
