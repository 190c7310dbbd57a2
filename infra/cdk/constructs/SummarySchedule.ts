import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import type { FunctionWiring } from './function-wiring';
import type { Queues } from './Queues';
import { ServiceFunction } from './ServiceFunction';

/** How often the summary schedule runs (core/summaries/delivery.ts SCHEDULE_WINDOW_MINUTES covers a late run). */
export const SUMMARY_SCHEDULE_EXPRESSION = 'rate(5 minutes)';

export interface SummaryScheduleProps {
  readonly wiring: FunctionWiring;
  readonly queues: Queues;
}

/**
 * EventBridge Scheduler runs functions/src/schedules/summaries.ts every 5 minutes; it queues each
 * community's summary whose local delivery time has come on the `summaries` queue (fan-out through
 * SQS). The local stack runs the same function every minute (infra/local/scheduler.ts).
 */
export class SummarySchedule extends Construct {
  readonly fn: ServiceFunction;

  constructor(scope: Construct, id: string, props: SummaryScheduleProps) {
    super(scope, id);
    const { wiring, queues } = props;
    this.fn = new ServiceFunction(this, 'Function', {
      entry: join(wiring.layout.functionsRoot, 'src', 'schedules', 'summaries.ts'),
      layout: wiring.layout,
      isProd: wiring.isProd,
      serviceName: 'kehila-summary-schedule',
      description: 'schedules/summaries: queues the summaries due at their local delivery time',
      environment: { ...wiring.environment, ...queues.environmentOf('summaries') },
      timeout: Duration.seconds(60),
      memoryMb: 512,
    });
    queues.grantSend('summaries', this.fn.role);
    wiring.grant(this.fn, { kind: 'worker', name: 'schedules/summaries' });

    const role = new iam.Role(this, 'SchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com'),
      description: 'Lets EventBridge Scheduler invoke the summary schedule function',
    });
    // the function itself only (grantInvoke would add its versions, `:*`)
    role.addToPolicy(
      new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.fn.fn.functionArn] }),
    );
    new scheduler.CfnSchedule(this, 'Schedule', {
      description: 'Summary delivery: queue the summaries due now',
      scheduleExpression: SUMMARY_SCHEDULE_EXPRESSION,
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: this.fn.fn.functionArn,
        roleArn: role.roleArn,
        retryPolicy: { maximumRetryAttempts: 2, maximumEventAgeInSeconds: 240 },
      },
    });
  }
}
