import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { processDeps } from '../wiring/deps';
import { logger } from '../core/logger';
import { signupRejection } from '../core/accounts/signup';
import { recordSignupConsent } from '../core/accounts/profiles';

/**
 * PreSignUp: on self sign-up (Amplify `signUp`), the account rules of S1 §5 that reach the server.
 * A rejection is thrown with the spec's message; Cognito answers the client with
 * 'PreSignUp failed with error <message>.' and creates no user. Federated (Google) and
 * operator-created users carry no phone or consent here and pass.
 */
export async function preSignUp(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  if (event.triggerSource !== 'PreSignUp_SignUp') return event;
  const rejection = signupRejection(event.request.userAttributes, event.request.clientMetadata);
  if (rejection) {
    logger.info('sign-up rejected', { reason: rejection });
    throw new Error(rejection);
  }
  const email = event.request.userAttributes.email;
  if (email) await recordSignupConsent(processDeps({}), email);
  return event;
}

/** Lambda handler of the PreSignUp trigger. */
export const handler = middy(preSignUp).use(injectLambdaContext(logger, { resetKeys: true }));
