import { createSecrets } from '../../adapters/secrets';
import type { Wiring } from '../deps';

/** The secrets port on Secrets Manager (Powertools Parameters), or values set directly in the environment. */
export const secretsManager: NonNullable<Wiring['secrets']> = ({ config }) => createSecrets(config);
