import { NotBuiltYet } from '../../components/not-built-yet';

/** Business Intelligence (S3 business intelligence); not built yet. */
export default function BusinessIntelligencePage() {
  return <NotBuiltYet screen="Business Intelligence" />;
}
