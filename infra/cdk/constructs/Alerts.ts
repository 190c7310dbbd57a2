import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export interface AlertsProps {
  /** Subscribed to every alarm when given (the address must confirm the subscription e-mail). */
  readonly email?: string;
}

/** Where operational alarms go: one SNS topic, TLS-only, with an optional e-mail subscription. */
export class Alerts extends Construct {
  readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: AlertsProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'Topic', { displayName: 'Kehila alarms', enforceSSL: true });
    if (props.email) this.topic.addSubscription(new subscriptions.EmailSubscription(props.email));
  }
}
