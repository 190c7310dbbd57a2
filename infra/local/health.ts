/** A part of the local stack's pipeline that can stop while the gateway keeps answering. */
export type StackPart = 'engines' | 'cognito' | 'workers';

/** What `/api/health` says about a part that is down, before the part's own reason. */
const PART_NAMES: Readonly<Record<StackPart, string>> = {
  engines: 'The local table and queues (engine host)',
  cognito: 'The local user pool (cognito-local)',
  workers: 'The queue workers thread',
};

/** The state of the local stack's parts, as its supervisors report it. */
export interface StackHealth {
  /** Records that a part stopped, and why. */
  down(part: StackPart, reason: string): void;
  /** Records that a part runs again. */
  up(part: StackPart): void;
  /** Why the pipeline cannot do its work now (every part that is down), or undefined when all run. */
  problem(): string | undefined;
}

/**
 * The local stack's health beside the cloud's: the health handler checks the table as in the cloud,
 * and the gateway answers 503 with this problem first while a part that Lambda, SQS and Cognito
 * would keep running for us is down (docs/local-stack.md).
 */
export function createStackHealth(): StackHealth {
  const down = new Map<StackPart, string>();
  return {
    down: (part, reason) => void down.set(part, reason),
    up: (part) => void down.delete(part),
    problem: () =>
      down.size === 0
        ? undefined
        : [...down].map(([part, reason]) => `${PART_NAMES[part]} stopped: ${reason}.`).join(' '),
  };
}
