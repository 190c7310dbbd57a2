import { LandingPage } from '../../public/landing-page';
import { useRouteLang } from '../../public/use-route-lang';

/** The landing page (S3 §2) inside the app's router; the build also prerenders it (docs/public-pages.md). */
export default function LandingRoute() {
  return <LandingPage lang={useRouteLang()} />;
}
