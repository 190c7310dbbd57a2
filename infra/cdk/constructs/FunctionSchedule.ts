import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import type { QueueName } from '@kehila/functions/core/queues';
import type { FunctionWiring } from './function-wiring';
import type { Queues } from './Queues';
import { ServiceFunction } from './ServiceFunction';

/**
 * The scheduled functions (functions/src/schedules/<name>.ts), each run by an EventBridge Scheduler
 * rule; the local stack runs the same jobs (infra/local/scheduler.ts).
 */
export const SCHEDULES = {
  /** Queues each community's summary whose local delivery time has come (docs/summaries.md). */
  summaries: {
    // core/summaries/delivery.ts SCHEDULE_WINDOW_MINUTES covers a late run
    expression: 'rate(5 minutes)',
    service: 'summary-schedule',
    description: 'schedules/summaries: queues the summaries due at their local delivery time',
    scheduleDescription: 'Summary delivery: queue the summaries due now',
    sends: 'summaries',
    timeoutSeconds: 60,
    memoryMb: 512,
    maxEventAgeSeconds: 240,
  },
  /** Recounts and seals every community's finished UTC day (docs/analytics.md). */
  aggregates: {
    // 00:30 UTC, after the 15 minutes a finished day waits before it is sealed
    expression: 'cron(30 0 * * ? *)',
    service: 'aggregate-schedule',
    description: 'schedules/aggregates: recounts and seals the finished day of every community',
    scheduleDescription: 'Nightly aggregates: recount and seal the finished day',
    timeoutSeconds: 900,
    memoryMb: 1024,
    maxEventAgeSeconds: 3600,
  },
  /** Queues one participant-list read per connected community (docs/members.md). */
  'group-sync': {
    // the list shows leaves a gateway without participant events (Green API) never reports
    expression: 'rate(6 hours)',
    service: 'group-sync-schedule',
    description: 'schedules/group-sync: queues a participant-list read of every connected group',
    scheduleDescription: 'Group participants: read every connected group’s participant list',
    sends: 'participants',
    timeoutSeconds: 60,
    memoryMb: 512,
    maxEventAgeSeconds: 3600,
  },
} as const satisfies Record<
  string,
  {
    expression: string;
    service: string;
    description: string;
    scheduleDescription: string;
    sends?: QueueName;
    timeoutSeconds: number;
    memoryMb: number;
    maxEventAgeSeconds: number;
  }
>;

export type ScheduleName = keyof typeof SCHEDULES;

export interface FunctionScheduleProps {
  readonly wiring: FunctionWiring;
  readonly queues: Queues;
  readonly name: ScheduleName;
}

/**
 * One scheduled function: EventBridge Scheduler (UTC) invokes functions/src/schedules/<name>.ts
 * through a role that may invoke only it; a schedule that fans out may send to its one queue.
 */
export class FunctionSchedule extends Construct {
  readonly fn: ServiceFunction;

  constructor(scope: Construct, id: string, props: FunctionScheduleProps) {
    super(scope, id);
    const { wiring, queues, name } = props;
    const def: (typeof SCHEDULES)[ScheduleName] = SCHEDULES[name];
    const sends = 'sends' in def ? def.sends : undefined;
    this.fn = new ServiceFunction(this, 'Function', {
      entry: join(wiring.layout.functionsRoot, 'src', 'schedules', `${name}.ts`),
      layout: wiring.layout,
      isProd: wiring.isProd,
      serviceName: `kehila-${def.service}`,
      description: def.description,
      environment: { ...wiring.environment, ...(sends ? queues.environmentOf(sends) : {}) },
      timeout: Duration.seconds(def.timeoutSeconds),
      memoryMb: def.memoryMb,
    });
    if (sends) queues.grantSend(sends, this.fn.role);
    wiring.grant(this.fn, { kind: 'worker', name: `schedules/${name}` });

    const role = new iam.Role(this, 'SchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com'),
      description: `Lets EventBridge Scheduler invoke ${def.description.split(':')[0]}`,
    });
    // the function itself only (grantInvoke would add its versions, `:*`)
    role.addToPolicy(
      new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.fn.fn.functionArn] }),
    );
    new scheduler.CfnSchedule(this, 'Schedule', {
      description: def.scheduleDescription,
      scheduleExpression: def.expression,
      scheduleExpressionTimezone: 'UTC',
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: this.fn.fn.functionArn,
        roleArn: role.roleArn,
        retryPolicy: { maximumRetryAttempts: 2, maximumEventAgeInSeconds: def.maxEventAgeSeconds },
      },
    });
  }
}
