import { MAX_AI_INPUT_CHARS, MAX_JSON_BODY_BYTES, MAX_RAW_BODY_BYTES } from '@kehila/shared';

/**
 * What the WAF web ACLs do (docs/deploy.md "WAF"): the rules of the site's CloudFront web ACL and of
 * the user pool's web ACL, as data the WebFirewall construct turns into CloudFormation. Limits come
 * from the deploy configuration; the defaults and every exception are here, each with its reason.
 */

/** The window WAF counts a rate-based rule over, in seconds (WAF takes 60, 120, 300 or 600). */
export const WAF_WINDOW_SECONDS = 300;

/** Default IP rate limits: requests per client address per {@link WAF_WINDOW_SECONDS}. */
export const WAF_RATE_LIMITS = {
  /**
   * `/api/*`: 2,000 per 5 minutes is 6.7 requests a second for five minutes from one address, several
   * times a busy user's pace (a page makes a handful of calls) yet far below a scripted flood. Users
   * behind one NAT share it; raise `wafApiRateLimit` for a large office.
   */
  api: 2000,
  /**
   * Every other path but `/webhooks/*`: the SPA's files, `config.json` and logos. Hashed assets are
   * cached by browsers for a year, so real visitors fetch few; 10,000 only stops a crawler or flood.
   */
  site: 10_000,
  /**
   * The user pool's endpoints (sign-in, sign-up, codes, password reset, token refresh): a sign-in
   * is two or three calls, a sign-up three or four. 300 per address stops password spraying and
   * sign-up floods, which would otherwise also use up the pool's own per-account request quotas.
   */
  signIn: 300,
} as const;

/** Path prefixes CloudFront forwards to the HTTP API (infra/cdk Website). */
export const API_PATH_PREFIX = '/api/';
export const WEBHOOKS_PATH_PREFIX = '/webhooks/';

/** Which request paths a rule applies to (prefixes, compared after URL-decoding and path normalisation). */
export interface PathScope {
  /** Only paths starting with one of these. */
  readonly only?: readonly string[];
  /** Every path except those starting with one of these. */
  readonly except?: readonly string[];
}

/** A rule of a web ACL, in priority order within its list. */
export type FirewallRule =
  | {
      readonly kind: 'rate';
      readonly name: string;
      /** Requests per client IP per {@link WAF_WINDOW_SECONDS}. */
      readonly limit: number;
      readonly paths?: PathScope;
      /** The status a blocked request gets (WAF's 403 when absent). */
      readonly blockStatus?: number;
    }
  | {
      readonly kind: 'managed';
      readonly name: string;
      /** An AWS managed rule group. */
      readonly group: string;
      readonly paths?: PathScope;
      /** Rules of the group that only count (and label) instead of blocking, each with the reason. */
      readonly countOnly?: Readonly<Record<string, string>>;
    };

/** AWS managed rule groups we use. */
export const MANAGED_GROUPS = {
  common: 'AWSManagedRulesCommonRuleSet',
  knownBadInputs: 'AWSManagedRulesKnownBadInputsRuleSet',
} as const;

/**
 * Webhooks are left out of every rule of the site's web ACL. Their bodies are WhatsApp members' own
 * messages relayed by the gateways (a message may well contain `<script>`, `../`, `${jndi:` or an
 * IP address URL, and Meta batches run past 8 KB): a managed rule matching one would drop a message
 * the community never gets back. They come from a few gateway addresses at the group's pace, which
 * an IP rate limit would throttle. What protects them instead: the handler verifies each delivery's
 * HMAC over the raw bytes or its token in constant time before reading it (401 and a
 * WebhooksRefused metric otherwise), takes at most MAX_RAW_BODY_BYTES, and the API stage is throttled.
 */
const NOT_WEBHOOKS: PathScope = { except: [WEBHOOKS_PATH_PREFIX] };

/** Rules of the Core rule set that only count on the site, and why. */
export const COMMON_RULES_COUNT_ONLY: Readonly<Record<string, string>> = {
  SizeRestrictions_BODY: `blocks bodies over 8 KB, but JSON routes take up to ${MAX_JSON_BODY_BYTES / 1024} KB (webhooks ${MAX_RAW_BODY_BYTES / 1024} KB, and they are not inspected anyway): the route handler answers 413 past each route's own limit`,
  SizeRestrictions_QUERYSTRING: `blocks query strings over 2 KB, but a search may be ${MAX_AI_INPUT_CHARS} characters and a Hebrew letter is 6 bytes URL-encoded: the contract answers 400 past its own limits`,
};

/** The site's CloudFront web ACL: per-IP rate limits, then the Core and Known bad inputs rule groups. */
export function siteFirewallRules(limits: { readonly api: number; readonly site: number }): FirewallRule[] {
  return [
    {
      kind: 'rate',
      name: 'RateLimitApi',
      limit: limits.api,
      paths: { only: [API_PATH_PREFIX] },
      blockStatus: 429,
    },
    {
      kind: 'rate',
      name: 'RateLimitSite',
      limit: limits.site,
      paths: { except: [API_PATH_PREFIX, WEBHOOKS_PATH_PREFIX] },
      blockStatus: 429,
    },
    {
      kind: 'managed',
      name: 'CommonRuleSet',
      group: MANAGED_GROUPS.common,
      paths: NOT_WEBHOOKS,
      countOnly: COMMON_RULES_COUNT_ONLY,
    },
    { kind: 'managed', name: 'KnownBadInputs', group: MANAGED_GROUPS.knownBadInputs, paths: NOT_WEBHOOKS },
  ];
}

/**
 * The user pool's web ACL: the per-IP rate limit and Known bad inputs. Not the Core rule set:
 * Cognito passes WAF no user names, passwords, e-mail addresses or phone numbers, and its endpoints
 * are AWS's own strictly parsed API with no page or code of ours behind them, so the set's
 * cross-site-scripting, file-inclusion and size rules have nothing of ours to protect there.
 */
export function signInFirewallRules(limit: number): FirewallRule[] {
  return [
    { kind: 'rate', name: 'RateLimitSignIn', limit },
    { kind: 'managed', name: 'KnownBadInputs', group: MANAGED_GROUPS.knownBadInputs },
  ];
}
