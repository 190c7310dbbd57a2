import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultAlertRule, type AlertRule } from '@kehila/shared';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { fakeApi } from '../../helpers/fake-api';
import { renderScreen } from '../../helpers/render-screen';
import { findToast } from '../../helpers/toasts';
import { CustomizeAlertsModal } from '../../../../web/src/pages/today/customize-alerts-modal';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

beforeEach(() => {
  resetAuth();
  setSignedIn();
});

const RULE = '/api/communities/{communityId}/alert-rule';

function renderModal(api: ReturnType<typeof fakeApi>, onClose = vi.fn()) {
  const r = renderScreen({
    routes: [{ path: '/today', element: <CustomizeAlertsModal communityId="c-1" onClose={onClose} /> }],
    path: '/today',
    fetch: api.fetch,
  });
  return { ...r, onClose };
}

describe('Customize Alerts', () => {
  it('shows the current rule: off by default with the admin’s own number', async () => {
    const api = fakeApi().on('GET', RULE, defaultAlertRule('+972', '0521234567'));
    renderModal(api);
    const toggle = await screen.findByRole('checkbox', { name: 'Send me WhatsApp alerts' });
    expect(toggle).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'WhatsApp number' })).toHaveValue('0521234567');
    expect(screen.getByRole('spinbutton', { name: 'At most alerts per hour' })).toHaveValue(5);
    expect(screen.getByRole('spinbutton', { name: 'At most alerts per hour' })).toBeDisabled();
  });

  it('refuses to save a rule that is on without a phone or a kind of message, in the server’s words, and sends nothing', async () => {
    const api = fakeApi().on('GET', RULE, defaultAlertRule('+972', ''));
    const { user } = renderModal(api);
    await user.click(await screen.findByRole('checkbox', { name: 'Send me WhatsApp alerts' }));
    await user.click(screen.getByRole('checkbox', { name: 'High-urgency messages' }));
    await user.click(screen.getByRole('checkbox', { name: /Toxic messages/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Country code and phone number are required')).toBeInTheDocument();
    expect(screen.getByText('Please choose at least one kind of message')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/communities/c-1/alert-rule')).toHaveLength(0);
  });

  it('saves the rule with the chosen cap and closes, saying alerts are on', async () => {
    const saved: AlertRule = {
      ...defaultAlertRule('+972', '0521234567'),
      enabled: true,
      max_per_hour: 3,
      whatsapp_id: '972521234567@c.us',
      updated_at: '2026-12-01T10:00:00.000Z',
    };
    const api = fakeApi().on('GET', RULE, defaultAlertRule('+972', '0521234567')).on('PUT', RULE, saved);
    const { user, onClose } = renderModal(api);
    await user.click(await screen.findByRole('checkbox', { name: 'Send me WhatsApp alerts' }));
    const cap = screen.getByRole('spinbutton', { name: 'At most alerts per hour' });
    await user.clear(cap);
    await user.type(cap, '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await findToast('Alerts are on: at most 3 per hour')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('PUT', '/api/communities/c-1/alert-rule')[0]?.body).toEqual({
      enabled: true,
      on_urgent: true,
      on_toxic: true,
      max_per_hour: 3,
      country_code: '+972',
      phone: '0521234567',
    });
  });
});
