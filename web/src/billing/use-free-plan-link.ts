import { PLAN_QUERY_PARAM, TRIAL_DAYS } from '@kehila/shared/constants';
import { useMe } from '../auth/use-me';
import { useToast } from '../components/toast/use-toast';
import { useOneTimeParam } from '../navigation/use-one-time-param';

/** What /dashboard?plan=free (the pricing page's Free card) says to an account that is past the paywall. */
export const freePlanLinkText = {
  inTrial: `Your ${TRIAL_DAYS}-day free trial includes every Pro feature. When it ends, you can stay on the Free plan.`,
} as const;

/**
 * The Free card's link for a user the paywall lets in (a blocked user gets the paywall, where Free is
 * offered first): during the trial it explains that Free comes after the trial; then the parameter is
 * removed from the address.
 */
export function useFreePlanLink(): void {
  const toast = useToast();
  const me = useMe();
  useOneTimeParam(
    PLAN_QUERY_PARAM,
    (plan) => {
      if (plan !== 'free') return false;
      if (me.data?.access?.isInTrial) toast.info(freePlanLinkText.inTrial);
      return true;
    },
    Boolean(me.data),
  );
}
