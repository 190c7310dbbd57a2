import { PricingPage } from '../../public/pricing-page';
import { useRouteLang } from '../../public/use-route-lang';

/** The pricing page (S3 §2) inside the app's router, whose checkout-return hook shows `payment=failed`. */
export default function PricingRoute() {
  return <PricingPage lang={useRouteLang()} paymentToast={false} />;
}
