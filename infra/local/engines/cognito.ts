import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  SetUserPoolMfaConfigCommand,
  DescribeUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { freePort, LOCAL_CREDENTIALS, LOCAL_REGION } from './net';

/** A running cognito-local (child process; its data lives under `dir`). */
export interface LocalCognito {
  readonly endpoint: string;
  readonly dir: string;
  close(): Promise<void>;
}

/** The user pool and app client the app signs in with. */
export interface LocalUserPool {
  readonly userPoolId: string;
  readonly clientId: string;
}

async function waitHealthy(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`cognito-local exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`cognito-local did not start within ${timeoutMs} ms`);
}

/**
 * Starts cognito-local in a child process (it reads `.cognito/` under its working directory and the
 * PORT variable, so it cannot share our process). Tokens are issued for `http://127.0.0.1:<port>`.
 */
export async function startCognito(opts: {
  dir: string;
  log?: (line: string) => void;
  /** Extra cognito-local settings (trigger functions, Lambda endpoint), merged into its config.json. */
  config?: Record<string, unknown>;
  /** Called when cognito-local stops without being asked to (a crash, or killed). */
  onExit?: (reason: string) => void;
}): Promise<LocalCognito> {
  const configDir = join(opts.dir, '.cognito');
  mkdirSync(configDir, { recursive: true });
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  writeFileSync(
    join(configDir, 'config.json'),
    JSON.stringify({ ...opts.config, TokenConfig: { IssuerDomain: endpoint } }, null, 2),
  );
  const require = createRequire(import.meta.url);
  const bin = require.resolve('cognito-local/lib/bin/start.js');
  const child = spawn(process.execPath, [bin], {
    cwd: opts.dir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) opts.log?.(line);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  await waitHealthy(endpoint, child, 30_000);
  let closing = false;
  child.once('exit', (code, signal) => {
    // Ctrl-C in the terminal reaches cognito-local too, while the stack is stopping anyway.
    if (closing || signal === 'SIGINT') return;
    opts.onExit?.(signal ? `killed by ${signal}` : `exit code ${code}`);
  });
  return {
    endpoint,
    dir: opts.dir,
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        // Ctrl-C reaches cognito-local too: a child killed by a signal has a signalCode, no exitCode.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}

/** A Cognito client for a local endpoint. */
export function localCognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
}

/** The cloud pool's MFA setting (UserAuth.ts `Mfa.OPTIONAL`, TOTP only): asked for once a user enrols. */
function optionalTotp(userPoolId: string) {
  return new SetUserPoolMfaConfigCommand({
    UserPoolId: userPoolId,
    MfaConfiguration: 'OPTIONAL',
    SoftwareTokenMfaConfiguration: { Enabled: true },
  });
}

/**
 * Returns the app's user pool and client, creating them on first start (same settings as the CDK
 * auth stack: e-mail as username, e-mail verification, password of at least 6 characters, optional
 * two-factor sign-in with authenticator apps only).
 */
export async function ensureUserPool(cognito: LocalCognito, name = 'kehila'): Promise<LocalUserPool> {
  const file = join(cognito.dir, 'user-pool.json');
  const client = localCognitoClient(cognito.endpoint);
  try {
    if (existsSync(file)) {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as LocalUserPool;
      try {
        await client.send(new DescribeUserPoolCommand({ UserPoolId: saved.userPoolId }));
        // A pool made before two-factor sign-in existed gets the same MFA setting as a new one.
        await client.send(optionalTotp(saved.userPoolId));
        return saved;
      } catch {
        // the pool is gone (data reset): create a new one below
      }
    }
    const pool = await client.send(
      new CreateUserPoolCommand({
        PoolName: name,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        Policies: {
          PasswordPolicy: {
            MinimumLength: 6,
            RequireLowercase: false,
            RequireUppercase: false,
            RequireNumbers: false,
            RequireSymbols: false,
          },
        },
      }),
    );
    const userPoolId = pool.UserPool?.Id ?? '';
    await client.send(optionalTotp(userPoolId));
    const app = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: `${name}-web`,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    const saved: LocalUserPool = { userPoolId, clientId: app.UserPoolClient?.ClientId ?? '' };
    writeFileSync(file, JSON.stringify(saved, null, 2));
    return saved;
  } finally {
    client.destroy();
  }
}
