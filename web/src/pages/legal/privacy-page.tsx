import { LegalPage } from '../../public/legal-page';
import { useRouteLang } from '../../public/use-route-lang';

/** The privacy policy (S3 §2) inside the app's router; the build also prerenders it. */
export default function PrivacyRoute() {
  return <LegalPage lang={useRouteLang()} doc="privacy" />;
}
