import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { processDeps } from '../wiring/deps';
import { logger } from '../core/logger';
import { provisionProfile } from '../core/accounts/profiles';

/**
 * PostConfirmation: creates the user's profile (S1 §3) once. It runs after ConfirmSignUp (e-mail
 * users, and Google users on their first sign-in) and after ConfirmForgotPassword; the profile write
 * is conditional, so retries and repeated confirmations keep the first profile.
 */
export async function postConfirmation(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  const attributes = event.request.userAttributes;
  const userId = attributes.sub ?? event.userName;
  await provisionProfile(processDeps({}), { userId, attributes, userName: event.userName });
  return event;
}

/** Lambda handler of the PostConfirmation trigger. */
export const handler = middy(postConfirmation).use(injectLambdaContext(logger, { resetKeys: true }));
