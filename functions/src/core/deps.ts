import { loadConfig, type Config } from './config';
import { createDb, type Db } from '../data/db';
import { createQueueClient, type QueueClient } from '../adapters/queues/sqs';
import { createAiPort } from '../adapters/ai/index';
import type { AiPort } from '../adapters/ai/port';
import { createSearchPort } from '../adapters/search/index';
import type { SearchPort } from '../adapters/search/port';
import { createRealtimePort } from '../adapters/realtime/index';
import type { RealtimePort } from '../adapters/realtime/port';
import { createObjectStore } from '../adapters/storage/index';
import type { ObjectStore } from '../adapters/storage/port';
import { createWhatsAppSender } from '../adapters/whatsapp/index';
import type { WhatsAppSender } from '../adapters/whatsapp/sender';

/** What handlers and services need from the outside world. Built lazily, never at import time. */
export interface Deps {
  readonly config: Config;
  readonly db: Db;
  readonly queues: QueueClient;
  readonly now: () => Date;
  readonly ai: AiPort;
  readonly search: SearchPort;
  readonly realtime: RealtimePort;
  readonly storage: ObjectStore;
  readonly whatsapp: WhatsAppSender;
}

let current: Deps | undefined;

/**
 * Builds the dependencies for a configuration. Ports are created on first use, so a handler that
 * never searches never builds a search client. `overrides` replace any of them (tests).
 */
export function createDeps(config: Config = loadConfig(), overrides: Partial<Deps> = {}): Deps {
  const db = overrides.db ?? createDb(config);
  const lazy = <T>(make: () => T) => {
    let value: T | undefined;
    return () => (value ??= make());
  };
  const ai = lazy(() => overrides.ai ?? createAiPort(config, db));
  const search = lazy(() => overrides.search ?? createSearchPort(config, db));
  const realtime = lazy(() => overrides.realtime ?? createRealtimePort(config, db));
  const storage = lazy(() => overrides.storage ?? createObjectStore(config));
  const whatsapp = lazy(() => overrides.whatsapp ?? createWhatsAppSender(config, db));
  const queues = overrides.queues ?? createQueueClient(config);
  return {
    config,
    db,
    queues,
    now: overrides.now ?? (() => new Date()),
    get ai() {
      return ai();
    },
    get search() {
      return search();
    },
    get realtime() {
      return realtime();
    },
    get storage() {
      return storage();
    },
    get whatsapp() {
      return whatsapp();
    },
  };
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
