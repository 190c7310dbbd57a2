import { isDeepStrictEqual } from 'node:util';
import { vi } from 'vitest';
import { TableClient, type TableCommand } from '@kehila/functions/data/table-client';

type CommandClass = abstract new (...args: never[]) => TableCommand;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test types the input it expects, as with aws-sdk-client-mock
type Behaviour = (input: any) => unknown;

interface Rule {
  readonly command: CommandClass;
  readonly input?: Record<string, unknown>;
  behaviour: Behaviour;
  readonly once: Behaviour[];
}

/** True when `actual` holds every property of `partial` (deeply, arrays and primitives exactly). */
function matches(actual: unknown, partial: unknown): boolean {
  if (partial && typeof partial === 'object' && !Array.isArray(partial)) {
    if (!actual || typeof actual !== 'object') return false;
    return Object.entries(partial).every(([k, v]) => matches((actual as Record<string, unknown>)[k], v));
  }
  return isDeepStrictEqual(actual, partial);
}

/**
 * A stand-in for the table in unit tests, in the manner of aws-sdk-client-mock: every TableClient's
 * `send` is intercepted; `on(Command, partialInput?)` says what a command answers (rules with an
 * input win over those without, the latest first); `commandCalls(Command)` lists what was sent.
 */
export function mockTable() {
  const rules: Rule[] = [];
  let sent: TableCommand[] = [];
  const spy = vi.spyOn(TableClient.prototype, 'send').mockImplementation((async (command: TableCommand) => {
    sent.push(command);
    const input = command.input as Record<string, unknown>;
    const candidates = rules.filter((r) => command instanceof r.command && (!r.input || matches(input, r.input)));
    const rule = candidates.reverse().sort((a, b) => Number(!!b.input) - Number(!!a.input))[0];
    if (!rule) return undefined;
    const behaviour = rule.once.shift() ?? rule.behaviour;
    return behaviour(input);
  }) as never);

  const api = {
    on(command: CommandClass, input?: Record<string, unknown>) {
      const rule: Rule = { command, ...(input ? { input } : {}), behaviour: () => undefined, once: [] };
      rules.push(rule);
      const chain = {
        resolves(value: unknown) {
          rule.behaviour = () => value;
          return chain;
        },
        resolvesOnce(value: unknown) {
          rule.once.push(() => value);
          return chain;
        },
        rejects(error: unknown) {
          rule.behaviour = () => {
            throw error instanceof Error ? error : new Error(String(error));
          };
          return chain;
        },
        rejectsOnce(error: unknown) {
          rule.once.push(() => {
            throw error instanceof Error ? error : new Error(String(error));
          });
          return chain;
        },
        callsFake(fn: Behaviour) {
          rule.behaviour = fn;
          return chain;
        },
      };
      return chain;
    },
    /** The commands of one kind sent so far, as aws-sdk-client-mock's calls (`args[0].input`). */
    commandCalls<C extends CommandClass>(command: C) {
      return sent.filter((c) => c instanceof command).map((c) => ({ args: [c as InstanceType<C>] as [InstanceType<C>] }));
    },
    calls() {
      return sent.map((c) => ({ args: [c] as [TableCommand] }));
    },
    /** Forgets the rules and the calls. */
    reset() {
      rules.length = 0;
      sent = [];
      return api;
    },
    resetHistory() {
      sent = [];
      return api;
    },
    /** Puts the real client back. */
    restore() {
      spy.mockRestore();
    },
  };
  return api;
}
