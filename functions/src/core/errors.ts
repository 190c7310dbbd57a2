import type { PaywallReason } from '@kehila/shared/api/contract';
import type { PaidPlan } from '@kehila/shared/api/plans';

/** Error kinds the API maps to HTTP statuses. One type, one place. */
export type ErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'too_many_requests'
  | 'unavailable';

const STATUS: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  unavailable: 503,
};

interface ErrorExtra {
  readonly issues?: { path: string; message: string }[];
  readonly retryAfter?: number;
  readonly reason?: PaywallReason;
  readonly plan?: PaidPlan;
}

/** A failure whose message is fit to show the user (the specs' own words). */
export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly status: number;
  readonly issues?: { path: string; message: string }[];
  readonly retryAfter?: number;
  readonly reason?: PaywallReason;
  readonly plan?: PaidPlan;

  constructor(kind: ErrorKind, message: string, extra: ErrorExtra = {}) {
    super(message);
    this.name = 'AppError';
    this.kind = kind;
    this.status = STATUS[kind];
    if (extra.issues) this.issues = extra.issues;
    if (extra.retryAfter !== undefined) this.retryAfter = extra.retryAfter;
    if (extra.reason) this.reason = extra.reason;
    if (extra.plan) this.plan = extra.plan;
  }
}

/** Shorthands, so call sites read as the rule they enforce. */
export const fail = {
  badRequest: (message: string, issues?: { path: string; message: string }[]) =>
    new AppError('bad_request', message, issues ? { issues } : {}),
  unauthorized: (message = 'Not authenticated') => new AppError('unauthorized', message),
  paymentRequired: (message: string, reason: PaywallReason) => new AppError('payment_required', message, { reason }),
  planRequired: (message: string, plan: PaidPlan) =>
    new AppError('payment_required', message, { reason: 'plan_required', plan }),
  forbidden: (message: string) => new AppError('forbidden', message),
  notFound: (message: string) => new AppError('not_found', message),
  conflict: (message: string) => new AppError('conflict', message),
  payloadTooLarge: (message: string) => new AppError('payload_too_large', message),
  unsupportedMediaType: (message: string) => new AppError('unsupported_media_type', message),
  tooManyRequests: (message: string, retryAfter: number) => new AppError('too_many_requests', message, { retryAfter }),
  unavailable: (message: string) => new AppError('unavailable', message),
};
