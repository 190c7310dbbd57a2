import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The storage and queue engines of a local stack, running in a child process. */
export interface EngineHost {
  readonly dynamodb: string;
  readonly sqs: string;
  /** The child process's id. */
  readonly pid: number;
  close(): Promise<void>;
}

/** Options of the engine host. */
export interface EngineHostOptions {
  /** Persist the table as LevelDB here; in memory when unset. */
  readonly dynamoPath?: string;
  /** Journal the queues to this file so they survive a crash (engines/sqs-journal.mjs); in memory when unset. */
  readonly sqsJournal?: string;
  /** Called when the engines stop without being asked to (a crash, or killed). */
  readonly onExit?: (reason: string) => void;
}

/**
 * Starts dynalite and local-aws-sqs in a child process on free loopback ports. Why a process: both are
 * CPU-heavy JavaScript servers, and on the same thread as the gateway and the workers they halve the
 * pipeline's throughput.
 */
export async function startEngineHost(opts: EngineHostOptions = {}): Promise<EngineHost> {
  const child = fork(fileURLToPath(new URL('./engine-process.mjs', import.meta.url)), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  const ports = await new Promise<{ dynamoPort: number; sqsPort: number }>((resolve, reject) => {
    child.once('message', (msg: { dynamoPort?: number; sqsPort?: number; error?: string }) => {
      if (msg.error || !msg.dynamoPort || !msg.sqsPort)
        reject(new Error(`local engines did not start: ${msg.error ?? 'no ports'}`));
      else resolve({ dynamoPort: msg.dynamoPort, sqsPort: msg.sqsPort });
    });
    child.once('exit', (code) => reject(new Error(`local engines exited with code ${code}`)));
    child.send({ dynamoPath: opts.dynamoPath, sqsJournal: opts.sqsJournal });
  });
  let closing: Promise<void> | undefined;
  child.once('exit', (code, signal) => {
    if (!closing) opts.onExit?.(signal ? `killed by ${signal}` : `exit code ${code}`);
  });
  return {
    dynamodb: `http://127.0.0.1:${ports.dynamoPort}`,
    sqs: `http://127.0.0.1:${ports.sqsPort}`,
    pid: child.pid ?? 0,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null || !child.connected) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.send('close');
      })),
  };
}
