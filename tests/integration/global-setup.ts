import type { TestProject } from 'vitest/node';
import { startLocalStack } from '../../infra/local/stack';

/** What integration tests receive from the global setup (see support.ts). */
export interface ProvidedStack {
  url: string;
  env: Record<string, string>;
  userPoolId: string;
  clientId: string;
  sqsEndpoint: string;
  dynamoEndpoint: string;
  cognitoEndpoint: string;
  /** Where the stack keeps its data and its `stack.json` (a temp dir). */
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: ProvidedStack;
  }
}

/**
 * Starts one local stack (in memory, free ports, no web app, demo seed) for the whole integration
 * run, and tears it down after. Test files build their own data on top of it.
 */
export default async function setup(project: TestProject) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  process.env.POWERTOOLS_LOG_LEVEL = process.env.POWERTOOLS_LOG_LEVEL ?? 'SILENT';
  const stack = await startLocalStack({ port: 0, web: 'none', seed: true, retryDelaySeconds: 1 });
  project.provide('stack', {
    url: stack.url,
    env: { ...stack.env },
    userPoolId: stack.userPool.userPoolId,
    clientId: stack.userPool.clientId,
    sqsEndpoint: stack.endpoints.sqs,
    dynamoEndpoint: stack.endpoints.dynamodb,
    cognitoEndpoint: stack.endpoints.cognito,
    dataDir: stack.dataDir,
  });
  return async () => {
    await stack.close();
  };
}
