import { AMPLIFY_SYMBOL } from '@aws-amplify/core/internals/utils';
import { Hub } from 'aws-amplify/utils';

/** Announces an auth event the way Amplify itself does (the `auth` channel is reserved to Amplify). */
export function dispatchAuthEvent(event: string): void {
  Hub.dispatch('auth', { event } as never, 'Auth', AMPLIFY_SYMBOL);
}
