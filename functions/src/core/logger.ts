import { Logger } from '@aws-lambda-powertools/logger';

/**
 * The one structured logger (Powertools). Level from POWERTOOLS_LOG_LEVEL; the service name from
 * POWERTOOLS_SERVICE_NAME, which the CDK sets per function (`kehila-<area>`).
 */
export const logger = new Logger(process.env.POWERTOOLS_SERVICE_NAME ? {} : { serviceName: 'kehila' });
