import type { LocalPlugin } from '../plugin';
import { realtimePlugin } from './realtime';
import { cognitoTriggersPlugin } from './cognito-triggers';
import { devMailboxPlugin } from './dev-mailbox';
import { searchPlugin } from './search';
import { storagePlugin } from './storage';
import { demoMessagesPlugin } from './demo-messages';

/** The local stack's plugins, in start order. Each area adds its own line. */
export const plugins: LocalPlugin[] = [
  realtimePlugin,
  cognitoTriggersPlugin,
  devMailboxPlugin,
  searchPlugin,
  storagePlugin,
  demoMessagesPlugin,
];
