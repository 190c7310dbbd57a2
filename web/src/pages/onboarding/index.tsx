import { NotBuiltYet } from '../../components/not-built-yet';
import { PublicPage } from '../../components/public-page';

/** Onboarding (S1 §2 "Onboarding"); not built yet. */
export default function OnboardingPage() {
  return (
    <PublicPage>
      <NotBuiltYet screen="Onboarding" />
    </PublicPage>
  );
}
