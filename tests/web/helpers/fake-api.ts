import type { Community, Me, OnboardingState, PendingConnection, UserCommunity } from '@kehila/shared';

/** One API call the fake answered. */
export interface FakeCall {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

/** What a handler answers: a status and a JSON body. */
export interface FakeReply {
  readonly status: number;
  readonly body: unknown;
}

type Handler = (call: FakeCall, params: Record<string, string>) => FakeReply | Promise<FakeReply>;

/** A complete community record (every S1 §5 information field filled). */
export function communityRecord(overrides: Partial<Community> = {}): Community {
  return {
    id: 'c-1',
    name: 'Haifa Neighbours',
    meaningful_id: null,
    group_id: '120363000000000001@g.us',
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-02T00:00:00.000Z',
    group_description: 'Neighbours sharing tips',
    group_goals: 'Help each other',
    admin_name: 'Dana',
    admin_gender: 'Female',
    group_language: 'English',
    admin_phone: '+972 50-123-4567',
    metadata_collected_at: '2025-01-02T00:00:00.000Z',
    summary_destination: 'whatsapp',
    weekly_summary: true,
    daily_summary: false,
    pine_coin_manager_id: null,
    group_rules: null,
    business_focus: ['Technology'],
    member_onboarding_info: null,
    logo_url: null,
    color_theme: null,
    whatsapp_group_url: null,
    owner_id: 'user-dana',
    font_family: null,
    ...overrides,
  };
}

/** The user's community list entry for a community record. */
export function listEntry(c: Community, overrides: Partial<UserCommunity> = {}): UserCommunity {
  return {
    community_id: c.id,
    community_name: c.name,
    display_name: c.meaningful_id ?? c.name,
    meaningful_id: c.meaningful_id,
    group_id: c.group_id,
    role: 'Admin',
    member_count: 12,
    created_at: c.created_at,
    is_owner: c.owner_id === 'user-dana',
    ...overrides,
  };
}

/** `GET /api/me` for dana: a profile in trial (10 days), not blocked, no warning. */
export function meFor(overrides: Partial<Me> = {}): Me {
  return {
    id: 'user-dana',
    email: 'dana@example.com',
    profile: {
      id: 'user-dana',
      username: 'dana',
      email: 'dana@example.com',
      group_id: '120363000000000001@g.us',
      subscription_status: null,
      subscription_plan: null,
      lemon_squeezy_customer_id: null,
      subscription_ends_at: null,
      trial_ends_at: '2099-01-01T00:00:00.000Z',
      phone_number: '+972501234567',
      country_code: '+972',
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:00.000Z',
    },
    access: {
      hasActiveSubscription: false,
      hasWhitelistAccess: false,
      isInTrial: true,
      isExpired: false,
      daysRemaining: 10,
      trialEndsAt: '2099-01-01T00:00:00.000Z',
      isBlocked: false,
    },
    trialWarning: null,
    ...overrides,
  };
}

/** An onboarding state for a community, with a connection in the given status (or none). */
export function onboardingState(
  community: Community,
  status: 'pending' | 'connected' | null,
  overrides: Partial<OnboardingState> = {},
): OnboardingState {
  return {
    community,
    isNewCommunity: false,
    connection:
      status === null
        ? null
        : {
            id: 'conn-1',
            community_id: community.id,
            admin_phone: '+972501234567',
            status,
            group_id: status === 'connected' ? community.group_id : null,
            code: '482913',
            code_expires_at: '2099-01-01T00:10:00.000Z',
            error: null,
            uuid_detected_at: status === 'connected' ? '2025-01-02T00:00:00.000Z' : null,
            created_at: '2025-01-01T00:00:00.000Z',
          },
    ...overrides,
  };
}

const ok = (body: unknown): FakeReply => ({ status: 200, body });

/** The fake API of an app test. */
export interface FakeApi {
  readonly calls: FakeCall[];
  on(method: string, path: string, handler: Handler): FakeApi;
  on(method: string, path: string, reply: unknown): FakeApi;
  callsTo(method: string, path: string): FakeCall[];
  /** The newest group verification opened through the fake (the connect code flows). */
  latestVerification(): PendingConnection | undefined;
  /** Changes the newest verification as the bot would (the code arrived, failed…). */
  updateVerification(patch: Partial<PendingConnection>): void;
  readonly fetch: typeof fetch;
}

/** A verification as the server opens it: pending, code 482913, 10 minutes to go. */
export function pendingVerification(overrides: Partial<PendingConnection> = {}): PendingConnection {
  return {
    id: 'conn-1',
    community_id: null,
    admin_phone: '+972501234567',
    status: 'pending',
    group_id: null,
    uuid_detected_at: null,
    created_at: new Date().toISOString(),
    code: '482913',
    code_expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
    error: null,
    ...overrides,
  };
}

/**
 * A fake of the Kehila API for app tests: answers `fetch` from handlers keyed by method and path
 * pattern (`{name}` matches a segment). By default dana is an admin of one connected community with
 * complete information; tests replace what they need with `on(...)` and read `calls`.
 */
export function fakeApi() {
  const community = communityRecord();
  const handlers: { method: string; pattern: RegExp; names: string[]; handler: Handler }[] = [];
  const calls: FakeCall[] = [];
  const verifications: PendingConnection[] = [];
  /** Opens a verification like the server: the given number, else dana's; a new code each time. */
  const openVerification = (communityId: string | null, body: unknown): FakeReply => {
    const phone = (body as { phone?: string } | undefined)?.phone;
    const n = verifications.length + 1;
    const v = pendingVerification({
      id: `conn-${n}`,
      community_id: communityId,
      admin_phone: phone ?? '+972501234567',
      code: String(482912 + n),
      created_at: new Date(Date.now() + n).toISOString(),
    });
    verifications.push(v);
    return { status: 201, body: v };
  };

  function on(method: string, path: string, handler: Handler): FakeApi;
  function on(method: string, path: string, reply: unknown): FakeApi;
  /** Answers `method path` (path with `{param}` segments) with a handler, a reply or a 200 body, ahead of earlier ones. */
  function on(method: string, path: string, handler: unknown): FakeApi {
    const names: string[] = [];
    const pattern = new RegExp(
      `^${path.replace(/\{(\w+)\}/g, (_m, name: string) => {
        names.push(name);
        return '([^/]+)';
      })}$`,
    );
    const fn: Handler =
      typeof handler === 'function'
        ? (handler as Handler)
        : handler && typeof handler === 'object' && 'status' in handler && 'body' in handler
          ? () => handler as FakeReply
          : () => ok(handler);
    handlers.unshift({ method, pattern, names, handler: fn });
    return api;
  }

  const api: FakeApi = {
    calls,
    on,
    /** The calls made to `method path` (exact path). */
    callsTo(method: string, path: string): FakeCall[] {
      return calls.filter((c) => c.method === method && c.path === path);
    },
    latestVerification: () => verifications.at(-1),
    updateVerification(patch) {
      const i = verifications.length - 1;
      if (i < 0) throw new Error('no verification was opened');
      verifications[i] = { ...verifications[i]!, ...patch };
    },
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const call: FakeCall = { method, path: url.pathname, body };
      calls.push(call);
      for (const h of handlers) {
        if (h.method !== method) continue;
        const m = h.pattern.exec(url.pathname);
        if (!m) continue;
        const params = Object.fromEntries(h.names.map((n, i) => [n, decodeURIComponent(m[i + 1] ?? '')]));
        const reply = await h.handler(call, params);
        return new Response(JSON.stringify(reply.body), {
          status: reply.status,
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response(JSON.stringify({ message: 'Not found', code: 'not_found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch,
  };

  api
    .on('GET', '/api/me', meFor())
    .on('GET', '/api/communities', { communities: [listEntry(community)] })
    .on('GET', '/api/communities/{communityId}', (_c, p) =>
      p.communityId === community.id
        ? ok(community)
        : { status: 404, body: { message: 'Not found', code: 'not_found' } },
    )
    .on('GET', '/api/communities/{communityId}/theme', (_c, p) =>
      ok({
        community_id: p.communityId,
        group_id: community.group_id,
        logo_url: null,
        primary_color: '#0EA5E9',
        font_family: 'system-ui, sans-serif',
        can_edit: p.communityId === community.id && community.owner_id === 'user-dana',
      }),
    )
    .on('GET', '/api/onboarding', onboardingState(community, 'connected'))
    .on('POST', '/api/connections', (call) => openVerification(null, call.body))
    .on('POST', '/api/communities/{communityId}/connection', (call, p) => openVerification(p.communityId!, call.body))
    .on('GET', '/api/connections/{connectionId}', (_c, p) => {
      const v = verifications.find((x) => x.id === p.connectionId);
      return v ? ok(v) : { status: 404, body: { message: 'Connection not found. Please try connecting again.', code: 'not_found' } };
    });
  return api;
}

/** An error reply in the API's error shape, for failure paths. */
export function failure(status: number, message: string, code = 'failed'): FakeReply {
  return { status, body: { message, code } };
}
