import * as z from 'zod';

/**
 * The `config.json` the web app fetches before `Amplify.configure`: written by the web stack at
 * deploy, and served by the local gateway under `npm start`. The web build itself holds no settings.
 */
export const RuntimeConfigSchema = z.object({
  stage: z.enum(['local', 'cloud']),
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** Set locally: the Cognito-compatible endpoint (cognito-local behind the gateway). */
  userPoolEndpoint: z.string().optional(),
  /** USER_PASSWORD_AUTH locally (cognito-local has no SRP); SRP in the cloud. */
  authFlowType: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
  /** Hosted UI domain for Google sign-in; absent when Google is not configured. */
  oauthDomain: z.string().optional(),
  /** WebSocket URL for live message events. */
  wsUrl: z.string(),
  /** Base of the REST API; empty means the same origin as the page. */
  apiUrl: z.string(),
  /** The Kehila bot's WhatsApp number shown (copyable) in the connect instructions; empty if not configured. */
  botPhone: z.string(),
  /** Where users write for help (support contact of the dialogs and paywall); empty if not configured. */
  supportEmail: z.string(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;
