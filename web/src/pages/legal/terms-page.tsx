import { LegalPage } from '../../public/legal-page';
import { useRouteLang } from '../../public/use-route-lang';

/** The terms (S3 §2) inside the app's router; the build also prerenders it. */
export default function TermsRoute() {
  return <LegalPage lang={useRouteLang()} doc="terms" />;
}
