import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PLAN_QUERY_PARAM, TRIAL_DAYS } from '@kehila/shared/constants';
import { useMe } from '../auth/use-me';
import { useToast } from '../components/toast/use-toast';
import { dropSearchParam } from '../navigation/drop-search-param';

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
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const me = useMe();
  // Effects may run twice for one location (StrictMode); the toast must not.
  const handled = useRef<string | null>(null);
  const access = me.data?.access;

  useEffect(() => {
    const search = new URLSearchParams(location.search);
    if (search.get(PLAN_QUERY_PARAM) !== 'free' || !me.data || handled.current === location.key) return;
    handled.current = location.key;
    if (access?.isInTrial) toast.info(freePlanLinkText.inTrial);
    dropSearchParam(navigate, location, PLAN_QUERY_PARAM);
  }, [location, navigate, toast, me.data, access]);
}
