import { Logger } from '@aws-lambda-powertools/logger';

/** The one structured logger (Powertools); level from POWERTOOLS_LOG_LEVEL. */
export const logger = new Logger({ serviceName: 'kehila' });
