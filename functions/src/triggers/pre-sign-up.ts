import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { SIGNUP_COGNITO } from '@kehila/shared';
import { processDeps } from '../wiring/deps';
import { secretsManager } from '../wiring/cloud/secrets';
import { logger } from '../core/logger';
import { signupRejection } from '../core/accounts/signup';
import { recordSignupConsent } from '../core/accounts/profiles';
import { signUpTicketKey, signUpTicketProblem } from '../core/accounts/sign-up-ticket';

/**
 * What a SignUp that did not come through the sign-up route is told (someone calling Cognito directly
 * with the public app client id): the route's checks, the password rules above all, were skipped.
 */
export const SIGN_UP_OUTSIDE_APP_MESSAGE = 'Please sign up through the Kehila app';

/**
 * PreSignUp: on self sign-up, only what the sign-up route sent passes: a SignUp without the route's
 * valid ticket for this e-mail (core/accounts/sign-up-ticket.ts) is refused, because the password
 * rules are checked there and this trigger cannot see the password. Then the account rules of S1 §5
 * that reach the server are checked again and the consent recorded. A rejection is thrown; Cognito
 * answers 'PreSignUp failed with error <message>.' and creates no user. Federated (Google) and
 * operator-created users carry no phone or consent here and pass.
 */
export async function preSignUp(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  if (event.triggerSource !== 'PreSignUp_SignUp') return event;
  const deps = processDeps({ secrets: secretsManager });
  const email = event.request.userAttributes.email ?? '';
  const ticket = event.request.clientMetadata?.[SIGNUP_COGNITO.clientMetadata.signUpTicket];
  const problem = signUpTicketProblem(await signUpTicketKey(deps), email, ticket, deps.now());
  if (problem) {
    logger.warn('sign-up refused: it did not come through the sign-up route', { ticket: problem });
    throw new Error(SIGN_UP_OUTSIDE_APP_MESSAGE);
  }
  const rejection = signupRejection(event.request.userAttributes, event.request.clientMetadata);
  if (rejection) {
    logger.info('sign-up rejected', { reason: rejection });
    throw new Error(rejection);
  }
  await recordSignupConsent(deps, email);
  return event;
}

/** Lambda handler of the PreSignUp trigger. */
export const handler = middy(preSignUp).use(injectLambdaContext(logger, { resetKeys: true }));
