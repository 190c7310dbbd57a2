import { useEffect } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { TRIAL_URGENT_BADGE, type TrialWarning } from '@kehila/shared';
import { useToast } from '../components/toast/use-toast';
import { useCheckout } from './use-checkout';

/** Texts of the banner's controls (the message itself comes from the server's trialWarning). */
export const trialBannerText = {
  upgrade: 'Upgrade Now',
  dismiss: 'Dismiss',
  badge: TRIAL_URGENT_BADGE,
} as const;

/**
 * The trial warning banner of the header (S1 §2, §4): the server's message while the trial has 1 to 5
 * days left, dismissible for the session; urgent at 3 days or fewer, with the '50% OFF Limited Time!'
 * badge and an upgrade button that opens the hosted checkout.
 */
export function TrialBanner({ warning, onDismiss }: { warning: TrialWarning; onDismiss: () => void }) {
  const toast = useToast();
  const checkout = useCheckout();
  const { error, reset } = checkout;

  useEffect(() => {
    if (!error) return;
    toast.error(error);
    reset();
  }, [error, reset, toast]);

  return (
    <div data-testid="trial-banner" data-urgent={warning.urgent ? 'true' : undefined}>
      <Alert
        type={warning.urgent ? 'error' : 'warning'}
        dismissible
        dismissAriaLabel={trialBannerText.dismiss}
        onDismiss={onDismiss}
        action={
          warning.urgent ? (
            <Button variant="primary" loading={checkout.pendingPlan === 'pro'} onClick={() => checkout.start('pro')}>
              {trialBannerText.upgrade}
            </Button>
          ) : undefined
        }
      >
        <SpaceBetween size="xs" direction="horizontal" alignItems="center">
          {warning.urgent && <Badge color="red">{trialBannerText.badge}</Badge>}
          <span>{warning.message}</span>
        </SpaceBetween>
      </Alert>
    </div>
  );
}
