/**
 * Every key of the table is composed here and nowhere else (docs/data-model.md lists them with
 * their access patterns). Tenancy rule: every community-owned item's partition key starts with
 * `C#<communityId>`. Timestamps inside sort keys are ISO-8601 UTC with milliseconds, so they sort
 * lexicographically.
 */

const c = (communityId: string) => `C#${communityId}`;
const lower = (email: string) => email.trim().toLowerCase();

/** Primary key of an item. */
export type ItemKey = {
  pk: string;
  sk: string;
};

export const keys = {
  // ---- global items (one user, one e-mail, one group) ----
  profile: (userId: string): ItemKey => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  /** gsi1 of a profile: find a profile by e-mail. */
  profileByEmail: (email: string) => ({ gsi1pk: `EMAIL#${lower(email)}`, gsi1sk: 'PROFILE' }),

  /** The consent a user gave (S1 §3 consent record / profile creation metadata). */
  consent: (userId: string): ItemKey => ({ pk: `USER#${userId}`, sk: 'CONSENT' }),
  /** Consent given on the sign-up form, kept by e-mail until the account is confirmed (ttl). */
  /** A user's own partition (profile, consent, group verifications, data-rights jobs): erased with the account. */
  userPartition: (userId: string) => `USER#${userId}`,
  /**
   * Left by a user's account deletion (no personal data; `ttl` a day, longer than a token lives): a
   * token issued before it cannot create the profile again (core/accounts/profiles.ts ensureProfile).
   */
  erasedAccount: (userId: string): ItemKey => ({ pk: `USER#${userId}`, sk: 'ERASED' }),
  /** A data-rights job (export or erasure of a community, or of the user's own account) of the user who started it. */
  dataJob: (userId: string, jobId: string): ItemKey => ({ pk: `USER#${userId}`, sk: `DATAJOB#${jobId}` }),
  /**
   * Every partition a community owns besides `C#<cid>` itself (docs/data-model.md), for its erasure;
   * `linkIds` name its directory links, each of which has a views partition.
   */
  communityPartitions: (communityId: string, linkIds: readonly string[]): Record<string, string> => ({
    messages: `${c(communityId)}#MSG`,
    vectors: `${c(communityId)}#VEC`,
    aggregates: `${c(communityId)}#AGG`,
    ai_state: `${c(communityId)}#AI`,
    ai_corpus: `${c(communityId)}#AICORPUS`,
    ai_snapshots_df: `${c(communityId)}#AISNAP#df`,
    ai_snapshots_emb: `${c(communityId)}#AISNAP#emb`,
    suppliers: `${c(communityId)}#SUPPLIERS`,
    business_intelligence: `${c(communityId)}#BI`,
    live_subscriptions: `${c(communityId)}#WS`,
    outbox: `${c(communityId)}#OUTBOX`,
    ...Object.fromEntries(linkIds.map((id) => [`directory_views.${id}`, `${c(communityId)}#DIRVIEWS#${id}`])),
  }),
  /** The community's own partition (its record, members, invites, links, settings, actions, summaries…). */
  communityPartition: (communityId: string) => c(communityId),
  signupConsent: (email: string): ItemKey => ({ pk: `SIGNUP#${lower(email)}`, sk: 'CONSENT' }),
  /**
   * A Lemon Squeezy subscription: the account it belongs to (bound at its first event, never moved)
   * and its own state, ordered by its own updated_at.
   */
  subscription: (subscriptionId: string): ItemKey => ({ pk: `SUBSCRIPTION#${subscriptionId}`, sk: 'SUBSCRIPTION' }),
  /** gsi1 of a subscription: every subscription of one account. */
  subscriptionOfUser: (userId: string, subscriptionId: string) => ({
    gsi1pk: `USER#${userId}`,
    gsi1sk: `SUBSCRIPTION#${subscriptionId}`,
  }),

  allowlist: (email: string): ItemKey => ({ pk: `ALLOW#${lower(email)}`, sk: 'ALLOW' }),
  /** gsi1 of an allow-list entry: list every entry (operator command). */
  allowlistIndex: (email: string) => ({ gsi1pk: 'ALLOWLIST', gsi1sk: lower(email) }),

  /** One community per WhatsApp group: a claim item written with a condition. */
  groupClaim: (groupId: string): ItemKey => ({ pk: `GROUP#${groupId}`, sk: 'GROUP' }),
  /** gsi1 of a group claim: every claimed group (the scheduled participant-list read). */
  groupClaimIndex: (groupId: string) => ({ gsi1pk: 'GROUP_CLAIMS', gsi1sk: groupId }),
  groupClaimsIndexPartition: () => 'GROUP_CLAIMS',

  /** Receipt of a processed billing webhook body (replays change nothing). */
  billingReceipt: (bodySha256: string): ItemKey => ({ pk: 'WEBHOOK#billing', sk: bodySha256 }),

  /** Records that the local demo data was seeded (local stack only). */
  seedMarker: (): ItemKey => ({ pk: 'SEED#demo', sk: 'SEED' }),
  /** Records that the demo messages were sent through the pipeline (local stack only). */
  demoMessagesMarker: (): ItemKey => ({ pk: 'SEED#demo', sk: 'MESSAGES' }),

  /** A caller's request count in one fixed window of a rate-limit bucket (expires by ttl). */
  rateWindow: (bucket: string, subject: string, windowStart: number): ItemKey => ({
    pk: `RATE#${bucket}#${subject}`,
    sk: `W#${windowStart}`,
  }),

  /** Messages from groups no community owns: counted per day, never stored. */
  droppedCounter: (day: string): ItemKey => ({ pk: 'STATS#webhooks', sk: `DROPPED#${day}` }),

  /** The platform totals of the landing page, computed from the aggregates and cached. */
  platformTotals: (): ItemKey => ({ pk: 'STATS#platform', sk: 'TOTALS' }),

  // ---- community-owned items ----
  community: (communityId: string): ItemKey => ({ pk: c(communityId), sk: 'COMMUNITY' }),

  member: (communityId: string, memberId: string): ItemKey => ({ pk: c(communityId), sk: `MEMBER#${memberId}` }),
  memberPrefix: (communityId: string) => ({ pk: c(communityId), skPrefix: 'MEMBER#' }),
  /** gsi1 of a member with an account: the user's memberships. */
  memberByUser: (authId: string, communityId: string) => ({
    gsi1pk: `USER#${authId}`,
    gsi1sk: `MEMBERSHIP#${communityId}`,
  }),
  membershipsOfUser: (authId: string) => ({ gsi1pk: `USER#${authId}`, gsi1skPrefix: 'MEMBERSHIP#' }),
  /** gsi2 of a member: a community's members by approval status, newest first. */
  memberByApproval: (communityId: string, approval: string, createdAt: string, memberId: string) => ({
    gsi2pk: `${c(communityId)}#MEMBERS`,
    gsi2sk: `${approval}#${createdAt}#${memberId}`,
  }),
  /** A community's member-list version: every member write bumps it, so cached lists know they are stale. */
  membersVersion: (communityId: string): ItemKey => ({ pk: c(communityId), sk: 'MEMBERSVERSION' }),
  /** One member per e-mail per community: a guard item written with a condition. */
  memberEmail: (communityId: string, email: string): ItemKey => ({
    pk: c(communityId),
    sk: `MEMBEREMAIL#${lower(email)}`,
  }),

  /**
   * A person of the community's WhatsApp group as the bot sees them (join/leave events, the
   * gateway's participant list), keyed by the sender key of their canonical WhatsApp id — no phone
   * number in a key (docs/members.md, reconciliation).
   */
  participant: (communityId: string, senderKey: string): ItemKey => ({
    pk: c(communityId),
    sk: `PARTICIPANT#${senderKey}`,
  }),
  participantPrefix: (communityId: string) => ({ pk: c(communityId), skPrefix: 'PARTICIPANT#' }),
  /** An `@lid` id known to be the same person as a phone id: the sender key of the `@lid` → the phone id. */
  waIdAlias: (communityId: string, lidKey: string): ItemKey => ({ pk: c(communityId), sk: `WAID#${lidKey}` }),
  /** When the group's participant list was last read from the gateway. */
  participantsSync: (communityId: string): ItemKey => ({ pk: c(communityId), sk: 'PARTICIPANTSSYNC' }),

  /** A group verification (pending connection) of a user: the one-time code their WhatsApp sends in the group. */
  connection: (userId: string, connectionId: string): ItemKey => ({
    pk: `USER#${userId}`,
    sk: `CONNECTION#${connectionId}`,
  }),
  /** gsi1 of a pending group connection: found by the admin's phone (digits only). */
  connectionByPhone: (phoneDigits: string, status: string, createdAt: string) => ({
    gsi1pk: `PHONE#${phoneDigits}`,
    gsi1sk: `CONNECTION#${status}#${createdAt}`,
  }),

  invite: (communityId: string, inviteId: string): ItemKey => ({ pk: c(communityId), sk: `INVITE#${inviteId}` }),
  /** gsi1 of an invite: found by its public code. */
  inviteByCode: (code: string) => ({ gsi1pk: `INVITECODE#${code}`, gsi1sk: 'INVITE' }),

  directoryLink: (communityId: string, linkId: string): ItemKey => ({ pk: c(communityId), sk: `DIRLINK#${linkId}` }),
  /** gsi1 of a directory link: found by its public token. */
  directoryLinkByToken: (token: string) => ({ gsi1pk: `DIRTOKEN#${token}`, gsi1sk: 'DIRLINK' }),
  directoryViews: (communityId: string, linkId: string, day: string): ItemKey => ({
    pk: `${c(communityId)}#DIRVIEWS#${linkId}`,
    sk: `DAY#${day}`,
  }),
  directoryVisitor: (communityId: string, linkId: string, visitorHash: string): ItemKey => ({
    pk: `${c(communityId)}#DIRVIEWS#${linkId}`,
    sk: `VISITOR#${visitorHash}`,
  }),

  theme: (communityId: string): ItemKey => ({ pk: c(communityId), sk: 'THEME' }),
  prompt: (communityId: string, promptName: string): ItemKey => ({ pk: c(communityId), sk: `PROMPT#${promptName}` }),
  promptHistory: (communityId: string, createdAt: string, id: string): ItemKey => ({
    pk: c(communityId),
    sk: `PROMPTHIST#${createdAt}#${id}`,
  }),

  /** Messages of a community, in time order. */
  message: (communityId: string, timestamp: string, msgId: string): ItemKey => ({
    pk: `${c(communityId)}#MSG`,
    sk: `${timestamp}#${msgId}`,
  }),
  messagePartition: (communityId: string) => `${c(communityId)}#MSG`,
  /** gsi1 of a message: found by its id. */
  messageById: (communityId: string, msgId: string) => ({ gsi1pk: `${c(communityId)}#MSGID`, gsi1sk: msgId }),
  /** gsi2 of a message: a sender's messages in time order. */
  messageBySender: (communityId: string, senderHash: string, timestamp: string) => ({
    gsi2pk: `${c(communityId)}#SENDER#${senderHash}`,
    gsi2sk: timestamp,
  }),

  /** Search indexing state of a community: embedding version and re-embedding progress (docs/search.md). */
  searchState: (communityId: string): ItemKey => ({ pk: c(communityId), sk: 'SEARCHSTATE' }),
  /** gsi1 of a search state: every community with indexed messages, listed without a Scan (local rebuild). */
  searchStateIndex: (communityId: string) => ({ gsi1pk: 'SEARCHSTATES', gsi1sk: communityId }),
  searchStateIndexPartition: () => 'SEARCHSTATES',
  /** A message's embedding, kept by the embedded local search engine so it can rebuild at start. */
  messageVector: (communityId: string, timestamp: string, msgId: string): ItemKey => ({
    pk: `${c(communityId)}#VEC`,
    sk: `${timestamp}#${msgId}`,
  }),
  messageVectorPartition: (communityId: string) => `${c(communityId)}#VEC`,

  /** Local AI state (adapters/ai/local, docs/ai.md): message count, snapshot pointers, leases. */
  aiState: (communityId: string): ItemKey => ({ pk: `${c(communityId)}#AI`, sk: 'STATE' }),
  /** The terms of the messages of one enrich batch: the corpus log (document frequencies, co-occurrence; ttl). */
  aiCorpus: (communityId: string, at: string, batchId: string): ItemKey => ({
    pk: `${c(communityId)}#AICORPUS`,
    sk: `${at}#${batchId}`,
  }),
  aiCorpusPartition: (communityId: string) => `${c(communityId)}#AICORPUS`,
  /** One part of a snapshot: 'df' (document frequencies) or 'emb' (embedding model), by version. */
  aiSnapshotPart: (communityId: string, kind: 'df' | 'emb', version: number, part: number): ItemKey => ({
    pk: `${c(communityId)}#AISNAP#${kind}`,
    sk: `V#${String(version).padStart(6, '0')}#P#${String(part).padStart(3, '0')}`,
  }),
  aiSnapshotPartition: (communityId: string, kind: 'df' | 'emb') => `${c(communityId)}#AISNAP#${kind}`,

  /** Pre-computed message aggregates (per day and per hour). */
  aggregateDay: (communityId: string, day: string): ItemKey => ({ pk: `${c(communityId)}#AGG`, sk: `DAY#${day}` }),
  aggregateHour: (communityId: string, hour: string): ItemKey => ({ pk: `${c(communityId)}#AGG`, sk: `HOUR#${hour}` }),
  /** A day's keyword counts, apart from the day bucket so dashboards that need none do not read them. */
  aggregateKeywords: (communityId: string, day: string): ItemKey => ({ pk: `${c(communityId)}#AGG`, sk: `KW#${day}` }),
  aggregatePartition: (communityId: string) => `${c(communityId)}#AGG`,
  /** A sealed block of 2^level UTC days starting on `startDay` (packed, docs/analytics.md). */
  aggregateBlock: (communityId: string, level: number, startDay: string): ItemKey => ({
    pk: `${c(communityId)}#AGG`,
    sk: `BLK#${String(level).padStart(2, '0')}#${startDay}`,
  }),

  action: (communityId: string, actionId: string): ItemKey => ({ pk: c(communityId), sk: `ACTION#${actionId}` }),
  /** gsi1 of an action: one user's actions in a community by status then due date. */
  actionByUser: (communityId: string, userId: string, status: string, dueDate: string | null) => ({
    gsi1pk: `${c(communityId)}#ACTIONS#${userId}`,
    gsi1sk: `${status}#${dueDate ?? '9999'}`,
  }),

  summary: (communityId: string, createdAt: string): ItemKey => ({ pk: c(communityId), sk: `SUMMARY#${createdAt}` }),
  /** One saved version of a summary prompt; the newest of a prompt is the one in use. */
  promptVersion: (communityId: string, createdAt: string, id: string): ItemKey => ({
    pk: c(communityId),
    sk: `PROMPT#${createdAt}#${id}`,
  }),
  promptVersionPrefix: 'PROMPT#',
  /** A community's summary delivery settings (one item). */
  deliverySettings: (communityId: string): ItemKey => ({ pk: c(communityId), sk: 'DELIVERY' }),
  /** gsi1 of a delivery schedule with a daily or weekly summary on: the scheduler lists them all. */
  scheduledDelivery: (communityId: string) => ({ gsi1pk: 'SUMMARY_SCHEDULES', gsi1sk: c(communityId) }),
  scheduledDeliveryPartition: 'SUMMARY_SCHEDULES',
  /** One scheduled delivery: its key is the idempotency key (community + period + destination). */
  summaryDelivery: (communityId: string, period: string, destination: string): ItemKey => ({
    pk: c(communityId),
    sk: `SUMDELIVERY#${period}#${destination}`,
  }),
  summaryDeliveryPrefix: 'SUMDELIVERY#',
  /** A community's alert rule (Customize Alerts; one item). */
  alertRule: (communityId: string): ItemKey => ({ pk: c(communityId), sk: 'ALERTRULE' }),
  /** The alert of one message: its key is the idempotency key (one alert per message, ever). */
  alert: (communityId: string, msgId: string): ItemKey => ({ pk: c(communityId), sk: `ALERT#${msgId}` }),
  /** The bot's answer to one command message: its key is the idempotency key (one answer per command). */
  botReply: (communityId: string, msgId: string): ItemKey => ({ pk: c(communityId), sk: `BOTREPLY#${msgId}` }),
  /** A supplier of the community's directory (S3 §3); the Browse tab reads the partition whole (docs/suppliers.md). */
  supplier: (communityId: string, supplierId: string): ItemKey => ({
    pk: `${c(communityId)}#SUPPLIERS`,
    sk: `SUPPLIER#${supplierId}`,
  }),
  supplierPrefix: (communityId: string) => ({ pk: `${c(communityId)}#SUPPLIERS`, skPrefix: 'SUPPLIER#' }),
  /** A recommendation found in a message, keyed by the message, so a redelivery finds it already there. */
  supplierDraft: (communityId: string, draftId: string): ItemKey => ({
    pk: `${c(communityId)}#SUPPLIERS`,
    sk: `DRAFT#${draftId}`,
  }),
  supplierDraftPrefix: (communityId: string) => ({ pk: `${c(communityId)}#SUPPLIERS`, skPrefix: 'DRAFT#' }),
  /**
   * Business intelligence (docs/business-intelligence.md): one partition per community,
   * `C#<cid>#BI`, read whole per list (hundreds to a few thousand items). An opportunity is keyed
   * by the message it was found in, so a later run never makes it twice; a run by its period.
   */
  opportunity: (communityId: string, opportunityId: string): ItemKey => ({
    pk: `${c(communityId)}#BI`,
    sk: `OPP#${opportunityId}`,
  }),
  opportunityPrefix: (communityId: string) => ({ pk: `${c(communityId)}#BI`, skPrefix: 'OPP#' }),
  partnershipMatch: (communityId: string, pairId: string): ItemKey => ({ pk: `${c(communityId)}#BI`, sk: `MATCH#${pairId}` }),
  partnershipMatchPrefix: (communityId: string) => ({ pk: `${c(communityId)}#BI`, skPrefix: 'MATCH#' }),
  biRun: (communityId: string, runId: string): ItemKey => ({ pk: `${c(communityId)}#BI`, sk: `RUN#${runId}` }),
  biRunPrefix: (communityId: string) => ({ pk: `${c(communityId)}#BI`, skPrefix: 'RUN#' }),
  /** A LinkedIn enrichment job (ids sort by creation time). */
  enrichmentJob: (communityId: string, jobId: string): ItemKey => ({ pk: `${c(communityId)}#BI`, sk: `ENRICH#${jobId}` }),
  enrichmentJobPrefix: (communityId: string) => ({ pk: `${c(communityId)}#BI`, skPrefix: 'ENRICH#' }),
  /** The community's one enrichment in progress (a lock naming its job). */
  enrichmentLock: (communityId: string): ItemKey => ({ pk: `${c(communityId)}#BI`, sk: 'ENRICHLOCK' }),
  marketIntelligence: (communityId: string): ItemKey => ({ pk: `${c(communityId)}#BI`, sk: 'MARKET' }),
  /** The last generated topic clusters of a period (7, 14, 30 or 90 days). */
  topicClusters: (communityId: string, days: number): ItemKey => ({ pk: c(communityId), sk: `CLUSTERS#${days}` }),
  /** Usage events of the analytics screens on one UTC day (counts per event). */
  usageDay: (communityId: string, day: string): ItemKey => ({ pk: c(communityId), sk: `USAGE#${day}` }),
  importJob: (communityId: string, importId: string): ItemKey => ({ pk: c(communityId), sk: `IMPORT#${importId}` }),
  /** A live WebSocket connection (cloud realtime): found by its id on $disconnect; expires by ttl. */
  wsConnection: (connectionId: string): ItemKey => ({ pk: `WSCONN#${connectionId}`, sk: 'CONN' }),
  /** A connection subscribed to a community's live events; the publisher queries the partition. */
  wsSubscription: (communityId: string, connectionId: string): ItemKey => ({
    pk: `${c(communityId)}#WS`,
    sk: `CONN#${connectionId}`,
  }),
  wsSubscriptionPartition: (communityId: string) => `${c(communityId)}#WS`,
  /** Outbound WhatsApp messages (the local gateway's outbox; the send log in the cloud). */
  outbox: (communityId: string, createdAt: string, id: string): ItemKey => ({
    pk: `${c(communityId)}#OUTBOX`,
    sk: `${createdAt}#${id}`,
  }),
  /** The bot's messages to a group no community owns yet (replies to connect codes). */
  groupOutbox: (groupId: string, createdAt: string, id: string): ItemKey => ({
    pk: `GROUP#${groupId}#OUTBOX`,
    sk: `${createdAt}#${id}`,
  }),
};
