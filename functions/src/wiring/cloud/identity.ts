import { cognitoIdentity } from '../../adapters/identity/cognito';
import type { Wiring } from '../deps';

/** The identity port on the user pool's public API (COGNITO_ENDPOINT locally). */
export const cognitoUserPool: NonNullable<Wiring['identity']> = ({ config }) => cognitoIdentity(config);
