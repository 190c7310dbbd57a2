import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { loadConfig } from '../core/config';
import { logger } from '../core/logger';
import { renderAuthEmail, type AuthEmailKind } from '../core/accounts/emails';

const KINDS: Partial<Record<CustomMessageTriggerEvent['triggerSource'], AuthEmailKind>> = {
  CustomMessage_SignUp: 'verify',
  CustomMessage_ResendCode: 'verify',
  CustomMessage_ForgotPassword: 'reset',
  CustomMessage_AdminCreateUser: 'invite',
};

/**
 * CustomMessage: the verification and reset e-mails with links into the web app. Cognito puts the
 * code where `codeParameter` stands. Other messages (attribute verification, MFA) keep Cognito's
 * default. Without WEB_ORIGIN the default message is kept too, so a misconfiguration still
 * delivers a usable code instead of failing the sign-up.
 */
export async function customMessage(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  const kind = KINDS[event.triggerSource];
  if (!kind) return event;
  // Read per invocation: the local stack learns its origin only once its gateway listens.
  let origin: string | undefined;
  try {
    origin = loadConfig().webOrigin;
  } catch (err) {
    logger.error('the configuration could not be read', { error: err as Error });
  }
  if (!origin) {
    logger.error("WEB_ORIGIN is not set: sending Cognito's default message without a link");
    return event;
  }
  const email = renderAuthEmail(kind, {
    origin,
    email: event.request.userAttributes.email ?? '',
    code: event.request.codeParameter,
    ...(kind === 'invite' ? { username: event.request.usernameParameter ?? event.userName } : {}),
  });
  event.response.emailSubject = email.subject;
  event.response.emailMessage = email.html;
  return event;
}

/** Lambda handler of the CustomMessage trigger. */
export const handler = middy(customMessage).use(injectLambdaContext(logger, { resetKeys: true }));
