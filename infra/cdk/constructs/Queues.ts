import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as iam from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { queues as declaredQueues, type QueueDef } from '@kehila/functions/core/queues';
import { queueUrlEnvName } from '@kehila/functions/core/config';
import { pascalCase } from '../names';
import type { FunctionWiring } from './function-wiring';
import { ServiceFunction } from './ServiceFunction';

export interface QueuesProps {
  readonly wiring: FunctionWiring;
  readonly alarmTopic: sns.ITopic;
}

/** One declared queue as deployed. */
export interface DeployedQueue {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly dlqAlarm: cloudwatch.Alarm;
  /** Absent while the worker's module does not exist yet (a synth warning says so). */
  readonly worker?: ServiceFunction;
}

/** Warning id of a skipped worker (its module is missing). */
export const MISSING_WORKER_WARNING = '@kehila/infra:missing-worker-entry';

/** A batch larger than 10 needs a batching window (an SQS event source rule); 2 s keeps latency low. */
const BATCH_WINDOW_ABOVE_10 = Duration.seconds(2);

/**
 * Every queue of `queues`: a TLS-only, SSE-encrypted queue with its own dead-letter queue
 * (maxReceiveCount from the declaration), an alarm as soon as anything lands in the DLQ, and the
 * worker function consuming it with partial batch responses.
 */
export class Queues extends Construct {
  readonly byName: Readonly<Record<string, DeployedQueue>>;
  private readonly built: Record<string, sqs.Queue> = {};

  constructor(scope: Construct, id: string, props: QueuesProps) {
    super(scope, id);
    const declarations: Readonly<Record<string, QueueDef>> = declaredQueues;
    const { wiring } = props;
    const built: Record<string, Omit<DeployedQueue, 'worker'>> = {};

    for (const [name, def] of Object.entries(declarations)) {
      if (def.timeoutSeconds >= def.visibilityTimeoutSeconds) {
        throw new Error(`queue ${name}: the worker timeout must stay below the visibility timeout`);
      }
      const deadLetterQueue = new sqs.Queue(this, `${pascalCase(name)}Dlq`, {
        retentionPeriod: Duration.days(14),
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
      });
      const queue = new sqs.Queue(this, pascalCase(name), {
        visibilityTimeout: Duration.seconds(def.visibilityTimeoutSeconds),
        retentionPeriod: Duration.days(4),
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: def.maxReceiveCount },
      });
      const dlqAlarm = new cloudwatch.Alarm(this, `${pascalCase(name)}DlqAlarm`, {
        alarmDescription: `Messages of the ${name} queue failed ${def.maxReceiveCount} times and wait in its dead-letter queue.`,
        metric: deadLetterQueue.metricApproximateNumberOfMessagesVisible({
          period: Duration.minutes(1),
          statistic: cloudwatch.Stats.MAXIMUM,
        }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      dlqAlarm.addAlarmAction(new actions.SnsAction(props.alarmTopic));
      built[name] = { queue, deadLetterQueue, dlqAlarm };
      this.built[name] = queue;
    }

    const byName: Record<string, DeployedQueue> = {};
    for (const [name, def] of Object.entries(declarations)) {
      const deployed = built[name];
      if (!deployed) continue;
      const entry = join(wiring.layout.functionsRoot, 'src', `${def.worker}.ts`);
      if (!existsSync(entry)) {
        Annotations.of(this).addWarningV2(
          MISSING_WORKER_WARNING,
          `Worker ${def.worker} of queue ${name} is not deployed: ${entry} does not exist yet. The queue and its DLQ are.`,
        );
        byName[name] = deployed;
        continue;
      }
      const worker = new ServiceFunction(this, `${pascalCase(name)}Worker`, {
        entry,
        layout: wiring.layout,
        isProd: wiring.isProd,
        serviceName: `kehila-${def.worker.split('/').pop() ?? name}`,
        description: `${def.worker}: ${def.summary}`,
        environment: {
          ...wiring.environment,
          ...Object.assign({}, ...(def.uses.queues ?? []).map((q) => this.environmentOf(q))),
          // a worker that sets its failed records' back-off names its own queue
          ...(def.retryBackoff ? this.environmentOf(name) : {}),
        },
        timeout: Duration.seconds(def.timeoutSeconds),
        memoryMb: def.memoryMb,
      });
      worker.fn.addEventSource(
        new SqsEventSource(deployed.queue, {
          batchSize: def.batchSize,
          reportBatchItemFailures: true,
          ...(def.batchSize > 10 ? { maxBatchingWindow: BATCH_WINDOW_ABOVE_10 } : {}),
          ...(def.maxConcurrency !== undefined ? { maxConcurrency: def.maxConcurrency } : {}),
        }),
      );
      for (const q of def.uses.queues ?? []) this.grantSend(q, worker.role);
      wiring.grant(worker, { kind: 'worker', name: def.worker });
      byName[name] = { ...deployed, worker };
    }
    this.byName = byName;
  }

  private queue(name: string): sqs.Queue {
    const queue = this.built[name];
    if (!queue) throw new Error(`no queue named ${name} is declared`);
    return queue;
  }

  /** `QUEUE_URL_<NAME>` of a queue: what functions/src/core/config.ts reads to send to it. */
  environmentOf(name: string): Record<string, string> {
    return { [queueUrlEnvName(name)]: this.queue(name).queueUrl };
  }

  /** Lets a principal send to one queue (only the functions whose routes or queue declare it). */
  grantSend(name: string, grantee: iam.IGrantable): void {
    this.queue(name).grantSendMessages(grantee);
  }
}
