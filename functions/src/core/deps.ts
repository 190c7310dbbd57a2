import { loadConfig, type Config } from './config';
import { createDb, type Db } from '../data/db';
import { createQueueClient, type QueueClient } from '../adapters/queues/sqs';

/** What handlers and services need from the outside world. Built lazily, never at import time. */
export interface Deps {
  readonly config: Config;
  readonly db: Db;
  readonly queues: QueueClient;
  readonly now: () => Date;
}

let current: Deps | undefined;

/** Builds the dependencies for a configuration. */
export function createDeps(config: Config = loadConfig()): Deps {
  return { config, db: createDb(config), queues: createQueueClient(config), now: () => new Date() };
}

/** The process-wide dependencies, created from the environment on first use. */
export function deps(): Deps {
  current ??= createDeps();
  return current;
}

/** Replaces the process-wide dependencies (tests, the local stack). Pass undefined to reset. */
export function setDeps(next: Deps | undefined): void {
  current = next;
}
