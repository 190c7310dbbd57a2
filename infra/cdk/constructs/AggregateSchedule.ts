import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import type { FunctionWiring } from './function-wiring';
import { ServiceFunction } from './ServiceFunction';

/** When the nightly aggregate job runs: 00:30 UTC, after the 15 minutes a finished day waits before it is sealed. */
export const AGGREGATE_SCHEDULE_EXPRESSION = 'cron(30 0 * * ? *)';

export interface AggregateScheduleProps {
  readonly wiring: FunctionWiring;
}

/**
 * EventBridge Scheduler runs functions/src/schedules/aggregates.ts nightly: it recounts every
 * community's finished UTC day and seals it into aggregate blocks (docs/analytics.md). The local
 * stack runs the same job hourly (infra/local/scheduler.ts).
 */
export class AggregateSchedule extends Construct {
  readonly fn: ServiceFunction;

  constructor(scope: Construct, id: string, props: AggregateScheduleProps) {
    super(scope, id);
    const { wiring } = props;
    this.fn = new ServiceFunction(this, 'Function', {
      entry: join(wiring.layout.functionsRoot, 'src', 'schedules', 'aggregates.ts'),
      layout: wiring.layout,
      isProd: wiring.isProd,
      serviceName: 'kehila-aggregate-schedule',
      description: 'schedules/aggregates: recounts and seals the finished day of every community',
      environment: { ...wiring.environment },
      timeout: Duration.minutes(15),
      memoryMb: 1024,
    });
    wiring.grant(this.fn, { kind: 'worker', name: 'schedules/aggregates' });

    const role = new iam.Role(this, 'SchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com'),
      description: 'Lets EventBridge Scheduler invoke the nightly aggregate function',
    });
    // the function itself only (grantInvoke would add its versions, `:*`)
    role.addToPolicy(
      new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.fn.fn.functionArn] }),
    );
    new scheduler.CfnSchedule(this, 'Schedule', {
      description: 'Nightly aggregates: recount and seal the finished day',
      scheduleExpression: AGGREGATE_SCHEDULE_EXPRESSION,
      scheduleExpressionTimezone: 'UTC',
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: this.fn.fn.functionArn,
        roleArn: role.roleArn,
        retryPolicy: { maximumRetryAttempts: 2, maximumEventAgeInSeconds: 3600 },
      },
    });
  }
}
