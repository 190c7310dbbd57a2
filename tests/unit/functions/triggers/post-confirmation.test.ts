import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockTable } from '../../../support/table-mock';
import { DeleteCommand, GetCommand, PutCommand } from '@kehila/functions/data/table-client';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { SIGNUP_COGNITO } from '@kehila/shared';
import { setDeps } from '@kehila/functions/wiring/deps';
import { createLocalDeps } from '@kehila/functions/wiring/local';
import { loadConfig } from '@kehila/functions/core/config';
import { postConfirmation } from '@kehila/functions/triggers/post-confirmation';
import { provisionProfile } from '@kehila/functions/core/accounts/profiles';

const ddb = mockTable();
const now = new Date('2026-05-01T08:00:00.000Z');
const consent = {
  provider: 'email',
  accepted_privacy_policy: true,
  accepted_email_communications: true,
  consent_timestamp: '2026-05-01T07:59:00.000Z',
};

function event(source: PostConfirmationTriggerEvent['triggerSource'] = 'PostConfirmation_ConfirmSignUp') {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: 'us-east-1_x',
    userName: 'sub-1',
    callerContext: { awsSdkVersion: '3', clientId: 'c' },
    triggerSource: source,
    request: {
      userAttributes: {
        sub: 'sub-1',
        email: 'dana@example.com',
        [SIGNUP_COGNITO.attributes.phone]: '050-123-4567',
        [SIGNUP_COGNITO.attributes.countryCode]: '+972',
        'cognito:user_status': 'CONFIRMED',
      },
    },
    response: {},
  } as PostConfirmationTriggerEvent;
}

function conditionFailed(): Error {
  const e = new Error('The conditional request failed');
  e.name = 'ConditionalCheckFailedException';
  return e;
}

describe('PostConfirmation trigger', () => {
  beforeEach(() => {
    ddb.reset();
    setDeps(createLocalDeps(loadConfig({ TABLE_NAME: 'kehila', STAGE: 'local' }), { now: () => now }));
  });
  afterEach(() => setDeps(undefined));

  it('creates the profile with a condition and moves the sign-up consent onto the user', async () => {
    ddb.on(PutCommand).resolves({});
    ddb
      .on(GetCommand, { Key: { pk: 'SIGNUP#dana@example.com', sk: 'CONSENT' } })
      .resolves({ Item: { ...consent, ttl: 9e9 } });
    ddb.on(DeleteCommand).resolves({});
    const e = event();
    await expect(postConfirmation(e)).resolves.toBe(e);

    const puts = ddb.commandCalls(PutCommand).map((c) => c.args[0].input);
    const profile = puts.find((p) => p.Item?.sk === 'PROFILE');
    expect(profile?.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(profile?.Item).toMatchObject({
      pk: 'USER#sub-1',
      gsi1pk: 'EMAIL#dana@example.com',
      username: 'dana',
      group_id: null,
      phone_number: '+972501234567',
      country_code: '+972',
      trial_ends_at: '2026-05-15T08:00:00.000Z',
      subscription_status: null,
      subscription_plan: null,
    });
    const stored = puts.find((p) => p.Item?.sk === 'CONSENT');
    expect(stored?.Item).toMatchObject({ pk: 'USER#sub-1', ...consent });
    expect(stored?.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(ddb.commandCalls(DeleteCommand)[0]?.args[0].input.Key).toEqual({
      pk: 'SIGNUP#dana@example.com',
      sk: 'CONSENT',
    });
  });

  it('on a retry keeps the existing profile and its consent (conditional writes fail quietly)', async () => {
    ddb.on(PutCommand).rejects(conditionFailed());
    ddb.on(GetCommand, { Key: { pk: 'USER#sub-1', sk: 'PROFILE' } }).resolves({
      Item: {
        pk: 'USER#sub-1',
        sk: 'PROFILE',
        id: 'sub-1',
        username: 'dana',
        email: 'dana@example.com',
        group_id: 'g@g.us',
        subscription_status: null,
        subscription_plan: null,
        lemon_squeezy_customer_id: null,
        subscription_ends_at: null,
        trial_ends_at: '2026-04-01T00:00:00.000Z',
        phone_number: '+972501234567',
        country_code: '+972',
        created_at: '2026-03-18T00:00:00.000Z',
        updated_at: '2026-03-18T00:00:00.000Z',
      },
    });
    ddb
      .on(GetCommand, { Key: { pk: 'SIGNUP#dana@example.com', sk: 'CONSENT' } })
      .resolves({ Item: { ...consent, ttl: 9e9 } });
    ddb.on(DeleteCommand).resolves({});
    const e = event();
    await expect(postConfirmation(e)).resolves.toBe(e);
    const result = await provisionProfile(
      { db: createLocalDeps(loadConfig({ TABLE_NAME: 'kehila' })).db, now: () => now },
      { userId: 'sub-1', attributes: e.request.userAttributes },
    );
    expect(result.created).toBe(false);
    expect(result.profile).toMatchObject({ group_id: 'g@g.us', created_at: '2026-03-18T00:00:00.000Z' });
  });

  it('ignores a kept consent whose ttl has passed (DynamoDB deletes expired items late)', async () => {
    ddb.on(PutCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: { ...consent, ttl: Math.floor(now.getTime() / 1000) - 1 } });
    await postConfirmation(event());
    expect(ddb.commandCalls(PutCommand).map((c) => c.args[0].input.Item?.sk)).toEqual(['PROFILE']);
  });
});
