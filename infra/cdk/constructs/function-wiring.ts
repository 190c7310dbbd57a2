import type { SourceLayout } from '../source-layout';
import type { ServiceFunction } from './ServiceFunction';

/** Who a function is: an HTTP area (`accounts`), a queue worker (`workers/enrich`) or the WebSocket handler. */
export type FunctionOwner =
  | { readonly kind: 'area'; readonly name: string }
  | { readonly kind: 'worker'; readonly name: string }
  | { readonly kind: 'realtime'; readonly name: 'realtime' };

/**
 * What every function of the app shares, handed to the constructs that build functions: where
 * the code is, the environment every function gets, and the grants for the resources it uses.
 */
export interface FunctionWiring {
  readonly layout: SourceLayout;
  readonly isProd: boolean;
  readonly environment: Readonly<Record<string, string>>;
  /** Adds the owner's grants (and any owner-specific environment) to a freshly built function. */
  readonly grant: (fn: ServiceFunction, owner: FunctionOwner) => void;
}
