import { lemonSqueezyPayments } from '../../adapters/billing/lemon-squeezy';
import type { Wiring } from '../deps';

/** The payment port on Lemon Squeezy. */
export const lemonSqueezy: NonNullable<Wiring['payments']> = () => lemonSqueezyPayments();
