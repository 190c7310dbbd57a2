import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { totpCodeMessages } from '../../../../web/src/auth/totp-code';
import { groupSetupKey, twoFactorText as T } from '../../../../web/src/pages/settings/two-factor-card';
import { authError, authModule, dana, resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { fakeApi } from '../../helpers/fake-api';
import { renderApp } from '../../helpers/render-app';
import { findToast } from '../../helpers/toasts';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

beforeAll(async () => {
  await Promise.all([
    import('../../../../web/src/pages/settings'),
    import('../../../../web/src/app/shell/shell-layout'),
    import('../../../../web/src/app/require-setup'),
  ]);
}, 60_000);

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

beforeEach(() => {
  resetAuth();
  setSignedIn();
  authModule.setUpTOTP.mockResolvedValue({
    sharedSecret: SECRET,
    getSetupUri: (app: string, account: string) =>
      new URL(`otpauth://totp/${app}:${account}?secret=${SECRET}&issuer=${app}`),
  });
});

/** Opens Settings › Profile and waits for the card to know whether two-factor sign-in is on. */
async function openCard() {
  const app = renderApp({ path: '/settings', fetch: fakeApi().fetch });
  await screen.findByRole('heading', { level: 1, name: 'Settings' }, { timeout: 15_000 });
  await screen.findByRole('heading', { level: 2, name: T.title });
  await screen.findByText(/^(On|Off)$/);
  return app;
}

describe('Two-factor sign-in card (Settings › Profile)', () => {
  it('shows Off and sets up with the setup key in groups of four and the otpauth link, then turns on with a right code', async () => {
    const { user } = await openCard();
    expect(screen.getByText(T.off)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: T.setUp }));
    expect(await screen.findByTestId('totp-setup-key')).toHaveTextContent(groupSetupKey(SECRET));
    expect(groupSetupKey(SECRET)).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    const link = screen.getByRole('link', { name: T.openInApp });
    expect(link.getAttribute('href')).toBe(`otpauth://totp/Kehila:${dana.email}?secret=${SECRET}&issuer=Kehila`);

    const field = screen.getByLabelText(T.code);
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(field, '123 456');
    await user.click(screen.getByRole('button', { name: T.verify }));

    expect(await findToast(T.turnedOn)).toBeInTheDocument();
    expect(authModule.verifyTOTPSetup).toHaveBeenCalledWith({ code: '123456' });
    expect(authModule.updateMFAPreference).toHaveBeenCalledWith({ totp: 'PREFERRED' });
    expect(await screen.findByText(T.on)).toBeInTheDocument();
    expect(screen.queryByTestId('totp-setup-key')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.turnOff })).toBeInTheDocument();
  });

  it('says the code is invalid when Cognito refuses it, and leaves two-factor sign-in off', async () => {
    authModule.verifyTOTPSetup.mockRejectedValue(authError('EnableSoftwareTokenMFAException', 'Code mismatch'));
    const { user } = await openCard();
    await user.click(screen.getByRole('button', { name: T.setUp }));
    await user.type(await screen.findByLabelText(T.code), '000000');
    await user.click(screen.getByRole('button', { name: T.verify }));

    expect(await screen.findByText(totpCodeMessages.invalid)).toBeInTheDocument();
    expect(authModule.updateMFAPreference).not.toHaveBeenCalled();
    expect(screen.getByText(T.off)).toBeInTheDocument();
  });

  it('checks the code has six digits before asking Cognito', async () => {
    const { user } = await openCard();
    await user.click(screen.getByRole('button', { name: T.setUp }));
    await user.type(await screen.findByLabelText(T.code), '12a');
    await user.click(screen.getByRole('button', { name: T.verify }));
    expect(await screen.findByText(totpCodeMessages.format)).toBeInTheDocument();
    expect(authModule.verifyTOTPSetup).not.toHaveBeenCalled();
  });

  it('turns off only after the confirmation', async () => {
    authModule.fetchMFAPreference.mockResolvedValue({ enabled: ['TOTP'], preferred: 'TOTP' });
    const { user } = await openCard();
    expect(screen.getByText(T.on)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: T.turnOff }));
    let dialog = await screen.findByRole('dialog', { name: T.confirmTitle });
    await user.click(within(dialog).getByRole('button', { name: T.cancel }));
    expect(authModule.updateMFAPreference).not.toHaveBeenCalled();
    expect(screen.getByText(T.on)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: T.turnOff }));
    dialog = await screen.findByRole('dialog', { name: T.confirmTitle });
    await user.click(within(dialog).getByRole('button', { name: T.turnOff }));
    expect(await findToast(T.turnedOff)).toBeInTheDocument();
    expect(authModule.updateMFAPreference).toHaveBeenCalledWith({ totp: 'DISABLED' });
    expect(await screen.findByText(T.off)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.setUp })).toBeInTheDocument();
  });
});
