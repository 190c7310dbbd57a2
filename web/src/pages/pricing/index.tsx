import { NotBuiltYet } from '../../components/not-built-yet';
import { PublicPage } from '../../components/public-page';

/** Pricing (S3 §2 "Pricing page"); not built yet. */
export default function PricingPage() {
  return (
    <PublicPage>
      <NotBuiltYet screen="Pricing" />
    </PublicPage>
  );
}
