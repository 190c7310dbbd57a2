import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Deps } from '@kehila/functions/core/deps';
import type { CognitoHook, CognitoTarget } from './cognito-proxy';
import type { Middleware } from './gateway';

/** What a plugin sees of the running local stack. */
export interface LocalContext {
  readonly dataDir: string;
  /** True when data lives in memory and a temp dir (tests), false for `npm start`. */
  readonly ephemeral: boolean;
  readonly log: (line: string) => void;
  readonly env: Readonly<Record<string, string>>;
  readonly deps: Deps;
  readonly endpoints: { readonly dynamodb: string; readonly sqs: string; readonly cognito: string };
  readonly userPool: { readonly userPoolId: string; readonly clientId: string };
  /** The gateway's URL (known once it listens). */
  readonly url: () => string;
  /** Whether this start should seed demo data. */
  readonly seed: boolean;
}

/**
 * A piece of the local stack contributed by one area (realtime hub, search index, object store,
 * Cognito triggers, dev mailbox, demo messages...). Each lives in `infra/local/plugins/<name>.ts`
 * and is listed in `plugins/index.ts`, so areas extend the stack without editing stack.ts.
 */
export interface LocalPlugin {
  readonly name: string;
  /**
   * Before cognito-local starts: extra cognito-local config (e.g. trigger functions and the local
   * Lambda endpoint that runs them) and a way to stop what it started.
   */
  cognito?(ctx: { dataDir: string; log: (line: string) => void }): Promise<{
    config: Record<string, unknown>;
    close?: () => Promise<void>;
  }>;
  /** Environment for the handlers (read by functions/src/core/config.ts), set before deps are built. */
  env?(ctx: { dataDir: string; ephemeral: boolean }): Record<string, string>;
  /** Path-prefix handlers on the gateway (e.g. `/dev/mailbox`). */
  mounts?(ctx: LocalContext): Record<string, Middleware>;
  /** WebSocket upgrade handlers by path (e.g. `/ws`). */
  upgrades?(ctx: LocalContext): Record<string, (req: IncomingMessage, socket: Duplex, head: Buffer) => void>;
  /** Hooks after cognito-local answered a target (e.g. capture codes for the dev mailbox). */
  cognitoHooks?(ctx: LocalContext): Record<string, CognitoHook>;
  /** Cognito targets cognito-local lacks, answered by the plugin (e.g. ResendConfirmationCode). */
  cognitoTargets?(ctx: LocalContext): Record<string, CognitoTarget>;
  /** After everything listens (before the stack reports ready): seed, rebuild, schedule. Returns a stopper. */
  start?(ctx: LocalContext): Promise<void | (() => Promise<void>)>;
}
