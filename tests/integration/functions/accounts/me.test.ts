import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, SIGNUP_COGNITO } from '@kehila/shared';
import type { Deps } from '@kehila/functions/core/deps';
import { allowlistAdd, allowlistRemove, setTrialEnd } from '@kehila/functions/core/access/operator';
import { putAllowlistEntry } from '@kehila/functions/data/allowlist';
import { getConsent, getProfile } from '@kehila/functions/data/profiles';
import { api, signIn, useStackEnv } from '../../support';
import { operatorUser } from './users';

const DAY = 86_400_000;

describe('/api/me', () => {
  let deps: Deps;
  const email = `me-${randomUUID().slice(0, 8)}@example.com`;
  let userId = '';
  let token = '';

  beforeAll(async () => {
    deps = useStackEnv();
    userId = await operatorUser(email, {
      [SIGNUP_COGNITO.attributes.phone]: '052-111-2233',
      [SIGNUP_COGNITO.attributes.countryCode]: '+972',
    });
    token = (await signIn(email, 'secret1')).IdToken;
  });

  it('repairs a missing profile from the verified token (a trigger that did not run leaves no account without one)', async () => {
    expect(await getProfile(deps.db, userId)).toBeNull();
    const me = await api('/api/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.profile).toMatchObject({
      id: userId,
      username: email.split('@')[0],
      group_id: null,
      phone_number: '+972521112233',
      country_code: '+972',
    });
    expect(me.body.access).toMatchObject({ isInTrial: true, daysRemaining: 14, isBlocked: false });
    expect(await getProfile(deps.db, userId)).not.toBeNull();
  });

  it('an expired trial blocks access (the paywall)', async () => {
    await setTrialEnd(deps.db, email, new Date(Date.now() - DAY).toISOString());
    const me = await api('/api/me', { token });
    expect(me.body.access).toMatchObject({
      isExpired: true,
      isBlocked: true,
      hasActiveSubscription: false,
      hasWhitelistAccess: false,
    });
    expect(me.body.trialWarning).toBeNull();
  });

  it('an allow-list entry unblocks it; an expired or inactive one does not', async () => {
    await allowlistAdd(deps.db, email.toUpperCase(), null);
    expect((await api('/api/me', { token })).body.access).toMatchObject({ hasWhitelistAccess: true, isBlocked: false });

    await allowlistAdd(deps.db, email, new Date(Date.now() - 1000).toISOString());
    expect((await api('/api/me', { token })).body.access).toMatchObject({ hasWhitelistAccess: false, isBlocked: true });

    await putAllowlistEntry(deps.db, { email, is_active: false, expires_at: null });
    expect((await api('/api/me', { token })).body.access).toMatchObject({ isBlocked: true });
    await allowlistRemove(deps.db, email);
  });

  it.each([
    [1, 'Your free trial ends tomorrow! Upgrade now to continue accessing all features.', true],
    [3, 'Your free trial ends in 3 days. Upgrade now to avoid interruption.', true],
    [5, 'Your free trial ends in 5 days. Consider upgrading to continue enjoying all features.', false],
  ])('%s day(s) left shows the trial warning', async (days, message, urgent) => {
    await setTrialEnd(deps.db, email, new Date(Date.now() + days * DAY - 60_000).toISOString());
    const me = await api('/api/me', { token });
    expect(me.body.trialWarning).toEqual({ daysRemaining: days, message, urgent });
  });

  it('stores the Google terms consent, refusing unchecked boxes with the dialog messages', async () => {
    const unchecked = await api('/api/me/consent', {
      token,
      method: 'PUT',
      body: {
        acceptedPrivacyPolicy: false,
        acceptedEmailCommunications: true,
        consentTimestamp: new Date().toISOString(),
      },
    });
    expect(unchecked.status).toBe(400);
    expect(unchecked.body.message).toBe(ACCOUNT_MESSAGES.privacyRequired);
    const noComms = await api('/api/me/consent', {
      token,
      method: 'PUT',
      body: {
        acceptedPrivacyPolicy: true,
        acceptedEmailCommunications: false,
        consentTimestamp: new Date().toISOString(),
      },
    });
    expect(noComms.body.message).toBe(ACCOUNT_MESSAGES.communicationsRequired);

    const at = new Date(Date.now() - 5000).toISOString();
    const ok = await api('/api/me/consent', {
      token,
      method: 'PUT',
      body: { acceptedPrivacyPolicy: true, acceptedEmailCommunications: true, consentTimestamp: at },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      provider: 'email',
      accepted_privacy_policy: true,
      accepted_email_communications: true,
      consent_timestamp: at,
    });
    expect(await getConsent(deps.db, userId)).toEqual(ok.body);
  });
});
