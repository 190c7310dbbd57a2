import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import {
  FREE_PRICE_USD,
  PAYWALL_MISSED_FEATURES,
  PAYWALL_UPGRADE_BUTTON,
  PLAN_FEATURES,
  PLAN_LIMITATIONS,
  PLAN_QUERY_PARAM,
  TRIAL_DAYS,
} from '@kehila/shared';
import { useMe } from '../../auth/use-me';
import { useSignOut } from '../../auth/use-sign-out';
import { useCheckout } from '../../billing/use-checkout';
import { useFreePlan } from '../../billing/use-free-plan';
import { PublicPage } from '../../components/public-page';
import { useRuntimeConfig } from '../../config/use-runtime-config';
import styles from './paywall.module.css';

/** S1 §2 paywall texts; the explanations around them are ours. */
export const paywallText = {
  title: 'Your Free Trial Has Ended',
  intro: `Your ${TRIAL_DAYS}-day free trial of Kehila is over. Upgrade to keep your community's insights flowing.`,
  missing: "What you're missing:",
  upgrade: PAYWALL_UPGRADE_BUTTON,
  enterprise: 'Enterprise Plan',
  contactSales: 'Contact Sales',
  support: 'Questions? Contact us at',
  signOut: 'Sign Out',
  /** S1 §1 names "a free tier at $0/month" among the paywall's plans; S3 §6 says what it holds. */
  freeTitle: 'Or stay on the Free plan',
  freeContents: `${[...PLAN_FEATURES.Free, ...PLAN_LIMITATIONS.Free].join(' · ')}.`,
  free: `Continue with Free - $${FREE_PRICE_USD}/month`,
} as const;

/** How often the blocked page re-reads the access state, so a completed payment unblocks it by itself. */
const ACCESS_RECHECK_MS = 5_000;

/** 'Your Free Trial Has Ended' (S1 §2): shown instead of every protected screen while access is blocked. */
export default function PaywallPage() {
  const config = useRuntimeConfig();
  const me = useMe();
  const checkout = useCheckout();
  const freePlan = useFreePlan();
  // The Free card of the pricing page links to /dashboard?plan=free: Free is then the first choice.
  const [search] = useSearchParams();
  const prefersFree = search.get(PLAN_QUERY_PARAM) === 'free';
  const busy = checkout.pendingPlan !== null || freePlan.pending;
  const { signOut, signingOut } = useSignOut();
  const username = me.data?.profile?.username ?? me.data?.email ?? '';
  const { refetch } = me;

  useEffect(() => {
    const timer = setInterval(() => void refetch(), ACCESS_RECHECK_MS);
    return () => clearInterval(timer);
  }, [refetch]);

  return (
    <PublicPage narrow>
      <Container header={<Header variant="h1">{paywallText.title}</Header>}>
        <SpaceBetween size="l">
          <Box>{paywallText.intro}</Box>
          <SpaceBetween size="xs">
            <Box variant="h3">{paywallText.missing}</Box>
            <ul className={styles.features}>
              {PAYWALL_MISSED_FEATURES.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          </SpaceBetween>
          {checkout.error && (
            <Alert type="info" dismissible onDismiss={checkout.reset}>
              {checkout.error}
            </Alert>
          )}
          {freePlan.error && (
            <Alert type="error" dismissible onDismiss={freePlan.reset}>
              {freePlan.error}
            </Alert>
          )}
          <SpaceBetween size="s">
            <Button
              variant={prefersFree ? 'normal' : 'primary'}
              fullWidth
              loading={checkout.pendingPlan === 'pro'}
              disabled={busy}
              onClick={() => checkout.start('pro')}
            >
              {paywallText.upgrade}
            </Button>
            <div className={styles.actions}>
              <Button
                loading={checkout.pendingPlan === 'enterprise'}
                disabled={busy}
                onClick={() => checkout.start('enterprise')}
              >
                {paywallText.enterprise}
              </Button>
              {config.supportEmail && (
                <Button href={`mailto:${config.supportEmail}?subject=Kehila%20Enterprise`} iconName="envelope">
                  {paywallText.contactSales}
                </Button>
              )}
            </div>
          </SpaceBetween>
          <SpaceBetween size="xs">
            <Box variant="h3">{paywallText.freeTitle}</Box>
            <Box color="text-body-secondary">{paywallText.freeContents}</Box>
            <Button
              variant={prefersFree ? 'primary' : 'normal'}
              fullWidth
              loading={freePlan.pending}
              disabled={busy}
              onClick={freePlan.choose}
            >
              {paywallText.free}
            </Button>
          </SpaceBetween>
          {config.supportEmail && (
            <Box color="text-body-secondary" fontSize="body-s">
              {paywallText.support} <Link href={`mailto:${config.supportEmail}`}>{config.supportEmail}</Link>
            </Box>
          )}
          <Box textAlign="center">
            <Button variant="link" loading={signingOut} onClick={() => void signOut(username)}>
              {paywallText.signOut}
            </Button>
          </Box>
        </SpaceBetween>
      </Container>
    </PublicPage>
  );
}
