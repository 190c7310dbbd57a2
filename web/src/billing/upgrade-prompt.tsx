import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { PAYWALL_UPGRADE_BUTTON } from '@kehila/shared/constants';
import { useToast } from '../components/toast/use-toast';
import { useRuntimeConfig } from '../config/use-runtime-config';
import { showUpgradePrompt, UPGRADE_PROMPT_KEY, type UpgradePromptState } from './payment-required';
import { useCheckout } from './use-checkout';

/** The prompt's own texts; the message is the server's (e.g. 'This feature is available on the Pro plan'). */
export const upgradePromptText = {
  title: 'Upgrade your plan',
  upgrade: PAYWALL_UPGRADE_BUTTON,
  contactSales: 'Contact Sales',
  dismiss: 'Dismiss',
} as const;

/**
 * The upgrade prompt of the shell: shown when the server refused a feature the community's plan lacks
 * (402 `plan_required`), naming the plan that unlocks it; Pro opens the hosted checkout, Enterprise a
 * mail to sales. The server holds the rule; this only explains the refusal.
 */
export function UpgradePrompt() {
  const queryClient = useQueryClient();
  const { data } = useQuery<UpgradePromptState | null>({
    queryKey: UPGRADE_PROMPT_KEY,
    queryFn: () => null,
    enabled: false,
    initialData: null,
    staleTime: Infinity,
  });
  const checkout = useCheckout();
  const config = useRuntimeConfig();
  const toast = useToast();
  const { error, reset } = checkout;

  useEffect(() => {
    if (!error) return;
    toast.error(error);
    reset();
  }, [error, reset, toast]);

  if (!data) return null;
  const action =
    data.plan === 'enterprise' ? (
      config.supportEmail ? (
        <Button href={`mailto:${config.supportEmail}?subject=${encodeURIComponent('Enterprise Plan')}`}>
          {upgradePromptText.contactSales}
        </Button>
      ) : undefined
    ) : (
      <Button variant="primary" loading={checkout.pendingPlan === 'pro'} onClick={() => checkout.start('pro')}>
        {upgradePromptText.upgrade}
      </Button>
    );
  return (
    <div data-testid="upgrade-prompt">
      <Alert
        type="info"
        header={upgradePromptText.title}
        dismissible
        dismissAriaLabel={upgradePromptText.dismiss}
        onDismiss={() => showUpgradePrompt(queryClient, null)}
        action={action}
      >
        {data.message}
      </Alert>
    </div>
  );
}
