/**
 * Business constants and limits of the three specs, grouped by area. Each group cites its source
 * (S1 = accounts/onboarding/communities, S2 = messages/AI/actions/dashboard/analytics/settings,
 * S3 = members/directory/BI/suppliers/public pages). Durations are in milliseconds unless the name
 * says otherwise. Where a spec gives a list, the list is exported as a readonly tuple.
 */

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** One day in milliseconds (trial countdown, due-soon windows, snooze). */
export const ONE_DAY_MS = DAY_MS;

// ---------------------------------------------------------------------------------------------
// Billing, plans and trial — S1 §1, §2 (paywall), §9; S3 §6, §9
// ---------------------------------------------------------------------------------------------

/** Free tier price in USD per month (S1 §1). */
export const FREE_PRICE_USD = 0;
/** Pro plan price in USD per month, billed monthly (S1 §9, S3 §9). */
export const PRO_PRICE_USD_MONTHLY = 19;
/** Struck-through "original" Pro monthly price shown on the pricing page (S3 §9). */
export const PRO_ORIGINAL_PRICE_USD_MONTHLY = 23;
/** Pro price per month when billed annually (S3 §9). */
export const PRO_PRICE_USD_ANNUAL_PER_MONTH = 15;
/** Struck-through "original" Pro price per month on the annual tab (S3 §9). */
export const PRO_ORIGINAL_PRICE_USD_ANNUAL_PER_MONTH = 19;
/** Annual saving badge text (S3 §9). */
export const ANNUAL_SAVING_PERCENT_LABEL = 'Save 25%';
/** Yearly saving in USD: the monthly difference times 12 (S3 §9: 'Save $48/year'). */
export const ANNUAL_SAVING_USD_PER_YEAR = (PRO_ORIGINAL_PRICE_USD_ANNUAL_PER_MONTH - PRO_PRICE_USD_ANNUAL_PER_MONTH) * 12;
/** Annual saving label (S3 §9). */
export const ANNUAL_SAVING_YEAR_LABEL = `Save $${ANNUAL_SAVING_USD_PER_YEAR}/year`;
/** Plan names on the pricing page (S3 §3). Enterprise is custom pricing via sales. */
export const PLAN_NAMES = ['Free', 'Pro', 'Enterprise'] as const;
/** Plans a checkout link can be built for (S1 §7). */
export const CHECKOUT_PLANS = ['pro', 'enterprise'] as const;
/** Billing cycles of the pricing toggle (S3 §4). */
export const BILLING_CYCLES = ['monthly', 'annual'] as const;
/** Free-trial length in days (S1 §9, S3 §9). */
export const TRIAL_DAYS = 14;
/** The trial warning shows when this many days or fewer remain (S1 §4, §9). */
export const TRIAL_WARNING_MAX_DAYS = 5;
/** The trial warning is urgent at this many days or fewer (S1 §2, §9). */
export const TRIAL_URGENT_MAX_DAYS = 3;
/** Badge of the urgent trial banner (S1 §2). */
export const TRIAL_URGENT_BADGE = '50% OFF Limited Time!';
/** Free tier: WhatsApp groups included (S3 §9). */
export const FREE_TIER_GROUP_LIMIT = 1;
/** Free tier: messages per month claimed on the landing page (S3 §9). */
export const FREE_TIER_MESSAGES_PER_MONTH = 100;
/** Data kept after cancellation, in days (S3 §1, §9). */
export const DATA_RETENTION_AFTER_CANCEL_DAYS = 30;
/** The six features listed on the paywall page (S1 §2). */
export const PAYWALL_MISSED_FEATURES = [
  'AI-powered daily summaries',
  'advanced analytics and insights',
  'message history search',
  'member networking features',
  'priority support',
  'export capabilities',
] as const;
/** Paywall button texts (S1 §2). */
export const PAYWALL_UPGRADE_BUTTON = `Upgrade to Pro - $${PRO_PRICE_USD_MONTHLY}/month`;
/** What each plan includes and lacks (S3 §6). */
export const PLAN_FEATURES = {
  Free: [
    'Dashboard access',
    '1 WhatsApp group',
    'Basic community insights',
    'Email notifications',
    'Standard support',
    'Mobile app access',
  ],
  Pro: [
    'Everything in Free',
    'Unlimited communities with AI agent',
    'Daily summaries',
    'Message history search',
    'Sentiment analysis',
    'Networking',
    'Business opportunity detection',
    'Red flags',
    'Real-time analytics',
    'Priority support',
    'Export',
    'Custom summary scheduling',
  ],
  Enterprise: [
    'Everything in Pro',
    'Multi-community dashboard',
    'White-label',
    'Dedicated manager',
    'Team management',
    'API access',
    'SSO',
    'Custom onboarding',
    'SLA',
  ],
} as const;
/** What each plan lacks (S3 §6; only Free lists limitations). */
export const PLAN_LIMITATIONS = {
  Free: ['No AI features', 'No agent integration', 'Limited analytics'],
  Pro: [],
  Enterprise: [],
} as const;
/** Query parameter of the Free plan's Get Started link (S3: /dashboard?plan=free). */
export const PLAN_QUERY_PARAM = 'plan';
/** Query value checkout success and cancel return with (S1 §2). */
export const PAYMENT_QUERY_PARAM = 'payment';
/** Values of the payment query parameter (S1 §2). */
export const PAYMENT_RESULTS = ['success', 'failed'] as const;

// ---------------------------------------------------------------------------------------------
// Accounts, sign-in and profile loading — S1 §4, §5, §7, §9
// ---------------------------------------------------------------------------------------------

/** Minimum password length (S1 §5, §9). */
export const PASSWORD_MIN_LENGTH = 6;
/** Wait between account creation and profile creation (S1 §4, §9). */
export const SIGNUP_PROFILE_CREATION_DELAY_MS = 2 * SECOND_MS;
/** Redirect to /login after a successful password reset (S1 §4, §9). */
export const PASSWORD_RESET_REDIRECT_MS = 3 * SECOND_MS;
/** Google sign-in callback: attempts and the waits between them (S1 §4, §9). */
export const GOOGLE_CALLBACK_MAX_ATTEMPTS = 3;
export const GOOGLE_CALLBACK_RETRY_DELAYS_MS = [2 * SECOND_MS, 4 * SECOND_MS] as const;
/** Profile fetch when not yet found: attempts and exponential (2^n s) waits (S1 §7, §9). */
export const PROFILE_FETCH_MAX_ATTEMPTS = 5;
export const PROFILE_FETCH_RETRY_DELAYS_MS = [2, 4, 8, 16].map((s) => s * SECOND_MS) as readonly number[];
/** The profile query itself retries this many times, this far apart (S1 §7, §9). */
export const PROFILE_QUERY_RETRIES = 3;
export const PROFILE_QUERY_RETRY_DELAY_MS = SECOND_MS;
/** Theme query retries (S1 §7, §9). */
export const THEME_QUERY_RETRIES = 2;
/** Generic query retry: none on a single-row not-found, otherwise up to this many (S1 §7). */
export const QUERY_MAX_RETRIES = 2;
/** Generic retry helper: default retries, and retries on invite and member calls (S1 §7). */
export const RETRY_DEFAULT_RETRIES = 2;
export const RETRY_INVITE_MEMBER_RETRIES = 3;
/** Generic retry delay per attempt number: mobile and desktop (S1 §7). */
export const RETRY_DELAY_PER_ATTEMPT_MOBILE_MS = 1000;
export const RETRY_DELAY_PER_ATTEMPT_DESKTOP_MS = 500;
/** Error messages that stop the generic retry at once (S1 §7). */
export const NON_RETRYABLE_ERROR_MESSAGES = ['Invalid invite code', 'Authentication required'] as const;
/** Invite and community fetch on the registration page: attempts, 1 s times the attempt (S1 §7). */
export const INVITE_FETCH_MAX_ATTEMPTS = 3;
export const INVITE_FETCH_DELAY_PER_ATTEMPT_MS = SECOND_MS;
/** Default retryAfter of a rate-limited profile creation, in seconds (S1 §8, §9). */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;
/** Session-storage key holding a redirect path consumed on load (S1 §2). */
export const SESSION_REDIRECT_KEY = 'redirect';
/** Realtime events per second on mobile clients (S1 §7). */
export const REALTIME_MOBILE_EVENTS_PER_SECOND = 5;
/** The account (sign-up) form's 9 country entries (S1 §2). USA and Canada share +1. */
export const ACCOUNT_FORM_COUNTRIES = [
  { iso: 'IL', name: 'Israel', code: '+972' },
  { iso: 'US', name: 'USA', code: '+1' },
  { iso: 'CA', name: 'Canada', code: '+1' },
  { iso: 'GB', name: 'UK', code: '+44' },
  { iso: 'IN', name: 'India', code: '+91' },
  { iso: 'DE', name: 'Germany', code: '+49' },
  { iso: 'FR', name: 'France', code: '+33' },
  { iso: 'IT', name: 'Italy', code: '+39' },
  { iso: 'ES', name: 'Spain', code: '+34' },
] as const;
/** Default country code on every phone form (S1 §2, §9; S3 §9). */
export const DEFAULT_COUNTRY_CODE = '+972';

// ---------------------------------------------------------------------------------------------
// Phone numbers — S1 §5, §9
// ---------------------------------------------------------------------------------------------

/** Minimum phone length (characters) on the invite registration form (S1 §5, §9). */
export const INVITE_PHONE_MIN_LENGTH = 10;
/** The live phone check on the account form runs from this many characters (S1 §5, §9). */
export const LIVE_PHONE_CHECK_MIN_LENGTH = 7;
/** Normalisation rejects numbers with fewer digits than this (S1 §5). */
export const PHONE_MIN_DIGITS = 7;
/** Suffix of a WhatsApp user id (S1 §5). */
export const WHATSAPP_USER_SUFFIX = '@c.us';
/** Suffix every WhatsApp group id carries (S1 §5). */
export const WHATSAPP_GROUP_SUFFIX = '@g.us';

// ---------------------------------------------------------------------------------------------
// Onboarding, setup and communities — S1 §2, §4, §9
// ---------------------------------------------------------------------------------------------

/** Onboarding steps in order; progress is step number divided by the count (S1 §2, §4). */
export const ONBOARDING_STEPS = ['whatsapp', 'metadata', 'complete'] as const;
/** WhatsApp connection polling interval (S1 §4, §9). */
export const WHATSAPP_POLL_INTERVAL_MS = 3 * SECOND_MS;
/** Hints show after MORE than this many polling checks (S1 §4). */
export const CONNECTION_SLOW_HINT_AFTER_CHECKS = 5;
export const CONNECTION_STUCK_HINT_AFTER_CHECKS = 15;
/** Bot detection can take up to this long (S1 §4). */
export const CONNECTION_DETECTION_MAX_MS = 30 * SECOND_MS;
/** After connection the flow proceeds after this delay (S1 §4, §9). */
export const CONNECTED_CALLBACK_DELAY_MS = 2 * SECOND_MS;
/** Redirect to /dashboard after completing onboarding (S1 §4, §9). */
export const ONBOARDING_REDIRECT_MS = SECOND_MS;
/** Setup screen duration claim on the Start Setup button, in minutes (S1 §2). */
export const SETUP_ESTIMATED_MINUTES = 2;
/** Dialog (add community) reset delay after closing (S1 §2, §9). */
export const DIALOG_RESET_DELAY_MS = 300;
/** Metadata guard result cache (S1 §4, §9). */
export const METADATA_GUARD_CACHE_MS = 5 * MINUTE_MS;
/** Characters of the group id used in the auto display name (S1 §3, §9). */
export const DISPLAY_NAME_GROUP_ID_CHARS = 8;
/** Active-member window: distinct senders in this many days (S1 §3, §9; S3 §9). */
export const ACTIVE_MEMBER_WINDOW_DAYS = 30;
/** Community logo on the invite page: retries and their spacing (S1 §2). */
export const INVITE_LOGO_MAX_RETRIES = 2;
export const INVITE_LOGO_RETRY_DELAY_MS = SECOND_MS;
/** Community information form text limits (S1 §5, §9). */
export const COMMUNITY_INFO_LIMITS = {
  group_description: 500,
  group_goals: 500,
  admin_name: 100,
  member_onboarding_info: 1000,
  group_rules: 2000,
  meaningful_id: 50,
  pine_coin_manager_id: 100,
} as const;
/** Suggested business-focus tags (S1 §5). */
export const SUGGESTED_BUSINESS_FOCUS_TAGS = [
  'HR & Recruitment',
  'Technology',
  'Marketing',
  'Sales',
  'Finance',
  'Healthcare',
  'Education',
  'Real Estate',
  'Legal',
  'Consulting',
  'Startups',
  'E-commerce',
  'Manufacturing',
  'Design',
  'Content Creation',
] as const;
/** Community defaults (S1 §3, §9). */
export const DEFAULT_GROUP_LANGUAGE = 'English';
export const DEFAULT_SUMMARY_DESTINATION = 'whatsapp';
export const DEFAULT_WEEKLY_SUMMARY = true;
export const DEFAULT_DAILY_SUMMARY = false;
/** Number of built-in group ids the legacy sign-up accepts; the ids themselves are not specified (S1 §9). */
export const LEGACY_SIGNUP_GROUP_ID_COUNT = 5;

// ---------------------------------------------------------------------------------------------
// Invitations and registration — S1 §3, §5, §9; S3 §3, §5, §9
// ---------------------------------------------------------------------------------------------

/** Default invite button text (S1 §3, §9; S3 §3, §9). */
export const DEFAULT_INVITE_BUTTON_TEXT = 'Join Community';
/** Default primary colour of an invite page (S1 §9). */
export const DEFAULT_INVITE_PRIMARY_COLOR = '#2563eb';
/** Invitation defaults (S3 §5). */
export const DEFAULT_INVITE_REQUIRE_RULES_ACCEPTANCE = true;
export const DEFAULT_INVITE_USE_LOGO = true;
/** Fields an invite can mark required (S3 §3). */
export const INVITE_FIELD_REQUIREMENT_KEYS = [
  'phone',
  'company',
  'job_role',
  'role_level',
  'gender',
  'linkedin_profile_url',
  'facebook_name',
  'referral_source',
  'attend_live_events',
] as const;
/** Which of those are required by default on a new invitation (S3 §5). */
export const DEFAULT_FIELD_REQUIREMENTS = {
  phone: true,
  company: false,
  job_role: false,
  role_level: true,
  gender: true,
  linkedin_profile_url: true,
  facebook_name: false,
  referral_source: true,
  attend_live_events: true,
} as const satisfies Record<(typeof INVITE_FIELD_REQUIREMENT_KEYS)[number], boolean>;
/** Registration fields that are always required (S3 §2, Create Invitation note). */
export const ALWAYS_REQUIRED_REGISTRATION_FIELDS = [
  'first name',
  'last name',
  'email',
  'privacy policy',
  'email communications',
] as const;
/**
 * Country codes offered on the invite registration form and the member editor (S1 §5 "about 45",
 * S3 §5 "about 44 entries (+1 for USA and Canada, +972, +44, +91 and so on)"). The spec does not
 * list them; this is our list of 45, Israel first, USA and Canada sharing one +1 entry.
 */
export const INVITE_FORM_COUNTRIES = [
  { iso: 'IL', name: 'Israel', code: '+972' },
  { iso: 'US', name: 'USA/Canada', code: '+1' },
  { iso: 'GB', name: 'UK', code: '+44' },
  { iso: 'IN', name: 'India', code: '+91' },
  { iso: 'DE', name: 'Germany', code: '+49' },
  { iso: 'FR', name: 'France', code: '+33' },
  { iso: 'IT', name: 'Italy', code: '+39' },
  { iso: 'ES', name: 'Spain', code: '+34' },
  { iso: 'AU', name: 'Australia', code: '+61' },
  { iso: 'NL', name: 'Netherlands', code: '+31' },
  { iso: 'BE', name: 'Belgium', code: '+32' },
  { iso: 'CH', name: 'Switzerland', code: '+41' },
  { iso: 'AT', name: 'Austria', code: '+43' },
  { iso: 'SE', name: 'Sweden', code: '+46' },
  { iso: 'NO', name: 'Norway', code: '+47' },
  { iso: 'DK', name: 'Denmark', code: '+45' },
  { iso: 'FI', name: 'Finland', code: '+358' },
  { iso: 'IE', name: 'Ireland', code: '+353' },
  { iso: 'PT', name: 'Portugal', code: '+351' },
  { iso: 'GR', name: 'Greece', code: '+30' },
  { iso: 'PL', name: 'Poland', code: '+48' },
  { iso: 'CZ', name: 'Czech Republic', code: '+420' },
  { iso: 'HU', name: 'Hungary', code: '+36' },
  { iso: 'RO', name: 'Romania', code: '+40' },
  { iso: 'UA', name: 'Ukraine', code: '+380' },
  { iso: 'RU', name: 'Russia', code: '+7' },
  { iso: 'TR', name: 'Turkey', code: '+90' },
  { iso: 'CY', name: 'Cyprus', code: '+357' },
  { iso: 'AE', name: 'United Arab Emirates', code: '+971' },
  { iso: 'SA', name: 'Saudi Arabia', code: '+966' },
  { iso: 'EG', name: 'Egypt', code: '+20' },
  { iso: 'JO', name: 'Jordan', code: '+962' },
  { iso: 'MA', name: 'Morocco', code: '+212' },
  { iso: 'ZA', name: 'South Africa', code: '+27' },
  { iso: 'NG', name: 'Nigeria', code: '+234' },
  { iso: 'KE', name: 'Kenya', code: '+254' },
  { iso: 'BR', name: 'Brazil', code: '+55' },
  { iso: 'MX', name: 'Mexico', code: '+52' },
  { iso: 'AR', name: 'Argentina', code: '+54' },
  { iso: 'CL', name: 'Chile', code: '+56' },
  { iso: 'CN', name: 'China', code: '+86' },
  { iso: 'JP', name: 'Japan', code: '+81' },
  { iso: 'KR', name: 'South Korea', code: '+82' },
  { iso: 'SG', name: 'Singapore', code: '+65' },
  { iso: 'NZ', name: 'New Zealand', code: '+64' },
] as const;

// ---------------------------------------------------------------------------------------------
// Web shell: toasts, breakpoints, sidebar — S1 §2, §9
// ---------------------------------------------------------------------------------------------

/** Toasts: at most this many visible, default duration, gap between them (S1 §9). */
export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 4 * SECOND_MS;
export const TOAST_GAP_PX = 14;
/** Mobile breakpoint in px (S1 §9). */
export const MOBILE_BREAKPOINT_PX = 768;
/** Sidebar widths: desktop, mobile sheet, collapsed to icons (S1 §9). */
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_COLLAPSED = '3rem';
/** Sidebar state cookie: name and lifetime (S1 §2, §9). */
export const SIDEBAR_COOKIE_NAME = 'sidebar:state';
export const SIDEBAR_COOKIE_MAX_AGE_DAYS = 7;
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = SIDEBAR_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;
/** Ctrl/Cmd plus this key toggles the sidebar (S1 §2). */
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';

// ---------------------------------------------------------------------------------------------
// Messages and search — S2 §2, §4, §5, §7, §9
// ---------------------------------------------------------------------------------------------

/** AI search: minimum characters after trimming, and debounce (S2 §5, §9). */
export const AI_SEARCH_MIN_CHARS = 2;
export const AI_SEARCH_DEBOUNCE_MS = 500;
/** A standard search term longer than this with no space is treated as a message id (S2 §5). */
export const MESSAGE_ID_TERM_MIN_LENGTH = 8;
/** Prefixes a search term may carry (S2 §2). */
export const SEARCH_TERM_PREFIXES = ['sender:', 'topic:', 'id:'] as const;
/** Embedding batch sizes: assistant processing, batch embed, default embed; sync batch (S2 §7, §9). */
export const EMBED_BATCH_ASSISTANT = 20;
export const EMBED_BATCH_AUTO = 10;
export const EMBED_BATCH_DEFAULT = 200;
export const SYNC_BATCH = 50;
/** Threads overview: query limit, messages kept per thread, keywords and avatars per card (S2 §9). */
export const THREADS_QUERY_LIMIT = 100;
export const THREAD_MESSAGES_KEPT = 5;
export const THREAD_CARD_MAX_KEYWORDS = 3;
export const THREAD_CARD_MAX_AVATARS = 3;
/** Thread text longer than this gets a show-more toggle (S2 §2). */
export const THREAD_TEXT_COLLAPSE_CHARS = 180;
/** Message text truncation: default and cards, mobile table (S2 §2). */
export const MESSAGE_TRUNCATE_CHARS = 100;
export const MESSAGE_TRUNCATE_CHARS_MOBILE_TABLE = 60;
/** A sender_hash whose part before @ has this many digits is shown as +digits (S2 §2). */
export const SENDER_PHONE_MIN_DIGITS = 10;
export const SENDER_PHONE_MAX_DIGITS = 15;
/** Sentiment colour thresholds of message rows: above → green, below the negative → red (S2 §2). */
export const MESSAGE_SENTIMENT_POSITIVE_ABOVE = 0.5;
export const MESSAGE_SENTIMENT_NEGATIVE_BELOW = -0.5;
/** Highlight for newly arrived messages; minimum manual-refresh indicator (S2 §4, §9). */
export const NEW_MESSAGE_HIGHLIGHT_MS = 5 * SECOND_MS;
export const MANUAL_REFRESH_MIN_MS = SECOND_MS;
/** Default message sort (S2 §4, §9). */
export const DEFAULT_MESSAGE_SORT = 'desc';
/** Date presets of the message filter (S2 §4). */
export const DATE_PRESETS = ['today', 'last7Days', 'last30Days', 'all', 'custom'] as const;
/** AI index badge colour thresholds in percent: green at or above, amber at or above, else red (S2 §4). */
export const AI_INDEX_GREEN_MIN_PERCENT = 90;
export const AI_INDEX_AMBER_MIN_PERCENT = 70;
/** Live list refetch, stats refresh (S2 §4, §7, §9). */
export const MESSAGE_LIST_REFETCH_MS = 60 * SECOND_MS;
export const EMBEDDING_STATS_REFRESH_MS = 30 * SECOND_MS;
/** Automatic embedding: messages per run and interval; queue tick, post-event delay, retries (S2 §7, §9). */
export const AUTO_EMBED_BATCH = 5;
export const AUTO_EMBED_INTERVAL_MS = 5 * MINUTE_MS;
export const EMBED_QUEUE_INTERVAL_MS = 5 * SECOND_MS;
export const EMBED_QUEUE_EVENT_DELAY_MS = SECOND_MS;
export const EMBED_MAX_RETRIES = 3;
/** Enabling realtime: retries and spacing; removal after a channel error (S2 §4). */
export const REALTIME_ENABLE_RETRIES = 3;
export const REALTIME_ENABLE_RETRY_DELAY_MS = 2 * SECOND_MS;
export const REALTIME_CHANNEL_ERROR_REMOVE_MS = 3 * SECOND_MS;
/** Message list caching: messages and stats (S2 §7). */
export const MESSAGES_CACHE_MS = 5 * MINUTE_MS;
/** Time formats of message rows (S2 §2). */
export const MESSAGE_TIME_FORMAT = 'HH:mm';
export const MESSAGE_DATE_FORMAT_DESKTOP = 'MM/dd';

// ---------------------------------------------------------------------------------------------
// AI summaries — S2 §4, §9
// ---------------------------------------------------------------------------------------------

/** A stored summary is reused only when younger than this (S2 §4, §9). */
export const STORED_SUMMARY_VALIDITY_MS = 24 * HOUR_MS;
/** Sections the summary card is split into (S2 §4). */
export const SUMMARY_SECTIONS = ['Key Topics', 'Action Items', 'Recommended Actions', 'Quick Stats'] as const;
/** Template variables of the user prompt (S2 §3). */
export const SUMMARY_PROMPT_TEMPLATE_VARIABLES = [
  'lastSummary',
  'messageData',
  'groupDescription',
  'groupGoals',
  'adminNames',
] as const;
/** Prompt editor rows: system and user (S2 §9). */
export const PROMPT_EDITOR_ROWS_SYSTEM = 15;
export const PROMPT_EDITOR_ROWS_USER = 12;

// ---------------------------------------------------------------------------------------------
// Actions — S2 §4, §5, §7, §9
// ---------------------------------------------------------------------------------------------

/** Default due date of a new action: this many hours from now (S2 §5, §9). */
export const DEFAULT_ACTION_DUE_HOURS = 24;
/** Default action priority (S2 §5, §9). */
export const DEFAULT_ACTION_PRIORITY = 'medium';
/** Source of a user-created action (S2 §3). */
export const ACTION_SOURCE_MANUAL = 'manual';
/** Default action title: the first this-many characters of the message (S2 §5). */
export const ACTION_DEFAULT_TITLE_CHARS = 50;
/** Text used when a message has no sender or topic in prefilled details (S2 §5). */
export const ACTION_DETAILS_NONE = 'N/A';
/** Headings inside action details (S2 §3, §5). */
export const ACTION_EVIDENCE_HEADING = '### Evidence:';
export const ACTION_ASSIGNED_HEADING = '### Assigned to:';
/** Subject label of the table view when the title has no bracketed segment (S2 §2). */
export const ACTION_DEFAULT_SUBJECT = 'General';
/** Upcoming actions widget size (S2 §9). */
export const UPCOMING_ACTIONS_LIMIT = 5;
/** Due-soon windows: lists and counts; the widget badge (S2 §4, §9). */
export const DUE_SOON_DAYS = 2;
export const DUE_SOON_WIDGET_DAYS = 3;
/** Snooze moves the due date this many days from now (S2 §4, §9). */
export const SNOOZE_DAYS = 1;
/** Actions list defaults (S2 §9). */
export const DEFAULT_ACTION_SORT = { field: 'due_date', direction: 'asc' } as const;
export const DEFAULT_ACTIONS_TAB = 'pending';
export const DEFAULT_ACTIONS_VIEW = 'grid';
/** Actions screen tabs (S2 §2). */
export const ACTION_TABS = ['pending', 'due_soon', 'completed', 'all'] as const;
/** Priority filter values (S2 §2). */
export const ACTION_PRIORITY_FILTERS = ['all', 'high', 'medium', 'low'] as const;
/** Sort options of the actions list (S2 §9). */
export const ACTION_SORT_OPTIONS = [
  { field: 'due_date', direction: 'asc' },
  { field: 'due_date', direction: 'desc' },
  { field: 'priority', direction: 'desc' },
  { field: 'priority', direction: 'asc' },
  { field: 'created_at', direction: 'desc' },
] as const;
/** Long action text collapses past this many characters (S2 §9). */
export const ACTION_TEXT_COLLAPSE_CHARS = 150;
/** Date display format (S2 §9). */
export const ACTION_DATE_FORMAT = 'MMM d, yyyy';
/** Action queries stay fresh this long and refetch on focus and mount (S2 §7). */
export const ACTIONS_STALE_MS = 30 * SECOND_MS;

// ---------------------------------------------------------------------------------------------
// Dashboard — S2 §2, §9
// ---------------------------------------------------------------------------------------------

/** Dashboard messages fetch cap; recent messages; leaderboard size (S2 §9). */
export const DASHBOARD_MAX_MESSAGE_ROWS = 10000;
export const DASHBOARD_RECENT_MESSAGES = 5;
export const DASHBOARD_LEADERBOARD_SIZE = 5;
/** Average messages per day: divisor with only an end date, and with no dates (S2 §9). */
export const AVG_MSGS_DIVISOR_END_ONLY_DAYS = 30;
export const AVG_MSGS_DIVISOR_NO_DATES_DAYS = 90;
/** Decimal places: average sentiment, messages per day, high-urgency percent (S2 §9). */
export const AVG_SENTIMENT_DECIMALS = 2;
export const AVG_MSGS_PER_DAY_DECIMALS = 1;
export const HIGH_URGENCY_PCT_DECIMALS = 0;
/** Activity-hours buckets (S2 §2, §9). */
export const ACTIVITY_HOUR_BUCKETS = 24;
/** Activity bar colour tiers by share of the peak, highest first (S2 §9). */
export const ACTIVITY_TIER_THRESHOLDS = [0.7, 0.4, 0.1] as const;
/** Dashboard stat cards (S2 §2). */
export const DASHBOARD_STAT_CARDS = 5;

// ---------------------------------------------------------------------------------------------
// Analytics — S2 §2, §4, §7, §9; S3 §2, §9
// ---------------------------------------------------------------------------------------------

/** Keywords cloud: top N, font size clamp in rem, opacity clamp (S2 §9). */
export const KEYWORDS_CLOUD_TOP = 50;
export const KEYWORDS_FONT_REM_MIN = 0.8;
export const KEYWORDS_FONT_REM_MAX = 2;
export const KEYWORDS_OPACITY_MIN = 0.6;
export const KEYWORDS_OPACITY_MAX = 1;
/** Clusters map shows the top N clusters (S2 §9). */
export const CLUSTERS_TOP = 15;
/** Topic clusters: the most embedded messages of the period clustered (the latest), the most clusters made, examples and map points kept per cluster. */
export const CLUSTERS_MAX_MESSAGES = 2000;
export const CLUSTERS_MAX = 20;
export const CLUSTER_EXAMPLES = 3;
export const CLUSTER_KEYWORDS = 6;
export const CLUSTER_MAP_POINTS = 40;
/** Topic chart top-N options and default; bar shade ratio thresholds (S2 §9). */
export const TOPIC_TOP_N_OPTIONS = [5, 10, 15, 20, 50] as const;
export const DEFAULT_TOPIC_TOP_N = 10;
export const TOPIC_SHADE_THRESHOLDS = [0.2, 0.4, 0.6, 0.8] as const;
/** Sentiment labels: above → Positive, below the negative → Negative (S2 §9). */
export const SENTIMENT_POSITIVE_ABOVE = 0.1;
export const SENTIMENT_NEGATIVE_BELOW = -0.1;
export const SENTIMENT_AXIS = [-1, 1] as const;
/** Overall urgency from the high-urgency share (fraction): high above, medium above (S2 §9). */
export const OVERALL_URGENCY_HIGH_ABOVE = 0.2;
export const OVERALL_URGENCY_MEDIUM_ABOVE = 0.1;
/** Overall urgency levels and default (S2 §9). */
export const OVERALL_URGENCY_LEVELS = ['high', 'medium', 'low', 'normal'] as const;
export const DEFAULT_OVERALL_URGENCY = 'normal';
/** Message urgency levels (S2 §3). */
export const URGENCY_LEVELS = ['high', 'medium', 'low'] as const;
/** Urgency colours (S2 §9). */
export const URGENCY_COLORS = { high: 'red', medium: 'amber', low: 'green' } as const;
/** Emotions, default, and those shown at zero with no data (S2 §9). */
export const EMOTIONS = ['joy', 'sadness', 'anger', 'fear', 'surprise', 'disgust', 'neutral', 'trust', 'anticipation'] as const;
export const DEFAULT_EMOTION = 'neutral';
export const EMOTIONS_SHOWN_WHEN_EMPTY = ['joy', 'sadness', 'anger', 'fear', 'surprise', 'neutral'] as const;
/** Intents, and the label for a missing intent (S2 §9). */
export const INTENTS = ['social', 'announcement', 'support', 'question', 'complaint', 'event', 'off_topic', 'request'] as const;
export const UNKNOWN_INTENT = 'unknown';
/** Toxicity colour tiers by average, highest first; daily warning threshold (S2 §9). */
export const TOXICITY_TIER_THRESHOLDS = [0.7, 0.4, 0.2] as const;
export const TOXICITY_DAILY_WARNING_ABOVE = 0.3;
/**
 * Customize Alerts (S3 Home dashboard, issue 11): an admin is told on WhatsApp of a high-urgency
 * message or one whose toxicity is above the S2 §9 warning (TOXICITY_DAILY_WARNING_ABOVE), at most
 * this many per community per hour (default, and the most an admin may choose).
 */
export const ALERT_DEFAULT_MAX_PER_HOUR = 5;
export const ALERT_MAX_PER_HOUR_LIMIT = 60;
/** Characters of the message quoted in an alert. */
export const ALERT_QUOTE_MAX_CHARS = 300;
/** Enhanced analytics time ranges in days and default (S3 §2, §9). */
export const ANALYTICS_TIME_RANGES = [7, 14, 30, 90] as const;
export const DEFAULT_ANALYTICS_TIME_RANGE = 30;
/** Empty-state window of the no-data card (S2 §8). */
export const ANALYTICS_NO_DATA_CARD_DAYS = 7;

// ---------------------------------------------------------------------------------------------
// LinkedIn enrichment — S2 §7, §9; S3 §2, §9
// ---------------------------------------------------------------------------------------------

/** Enrichment cost quoted in settings/analytics: USD per this many profiles (S2 §9). */
export const ENRICHMENT_COST_USD = 10;
export const ENRICHMENT_COST_PER_PROFILES = 1000;
/** Estimated cost per member in the bulk enrichment bar (S3 §9); differs from S2 §9, both kept. */
export const BULK_ENRICHMENT_COST_PER_MEMBER_USD = 0.04;
/** Enricher batch sizes: single member, batch (S2 §7, §9). */
export const ENRICHMENT_SINGLE_BATCH_SIZE = 1;
export const ENRICHMENT_BATCH_SIZE = 5;
/** Top revenue members limit (S2 §7, §9). */
export const TOP_REVENUE_MEMBERS_LIMIT = 10;
/** High Revenue badge above this score; skill badges shown (S3 §2, §9). */
export const HIGH_REVENUE_SCORE_ABOVE = 70;
export const SKILL_BADGES_SHOWN = 3;
/** Budget is shown in thousands of dollars (S3 §9). */
export const BUDGET_DISPLAY_DIVISOR = 1000;

// ---------------------------------------------------------------------------------------------
// Theme and settings — S1 §9; S2 §3, §5, §9
// ---------------------------------------------------------------------------------------------

/** Default theme primary colour (S1 §9, S2 §9). */
export const DEFAULT_THEME_PRIMARY_COLOR = '#0EA5E9';
/** Default theme font (S2 §3, §9). */
export const DEFAULT_THEME_FONT_FAMILY = 'system-ui, sans-serif';
/** Primary colour presets (S2 §9). */
export const THEME_COLOR_PRESETS = [
  { name: 'Ocean Blue', value: '#0EA5E9' },
  { name: 'Sky Blue', value: '#33C3F0' },
  { name: 'Navy Blue', value: '#0F2E4D' },
  { name: 'Bright Blue', value: '#1EAEDB' },
] as const;
/** The 11 font presets (S2 §9), plus custom; values are CSS font-family stacks. */
export const THEME_FONT_PRESETS = [
  { name: 'System UI', value: 'system-ui, sans-serif' },
  { name: 'Arial', value: 'Arial, sans-serif' },
  { name: 'Helvetica', value: 'Helvetica, Arial, sans-serif' },
  { name: 'Georgia', value: 'Georgia, serif' },
  { name: 'Times New Roman', value: '"Times New Roman", Times, serif' },
  { name: 'Verdana', value: 'Verdana, sans-serif' },
  { name: 'Tahoma', value: 'Tahoma, sans-serif' },
  { name: 'Trebuchet MS', value: '"Trebuchet MS", sans-serif' },
  { name: 'Courier New', value: '"Courier New", monospace' },
  { name: 'Segoe UI', value: '"Segoe UI", sans-serif' },
  { name: 'Roboto', value: 'Roboto, sans-serif' },
] as const;
/** Community name maximum length (S2 §5, §9). */
export const COMMUNITY_NAME_MAX_LENGTH = 100;
/** Logo object name pattern in the logos bucket: {group}-logo-{timestamp} (S2 §7). */
export const LOGO_OBJECT_NAME_INFIX = '-logo-';
/** Largest community logo (bytes): the upload form's signed policy refuses anything larger. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** Image types a community logo may have; an SVG is sanitised before it is stored. */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;
/** How long a logo upload form stays valid (seconds). */
export const LOGO_UPLOAD_URL_SECONDS = 10 * 60;
/** Workspace-owner queries cache (S2 §7). */
export const WORKSPACE_OWNER_CACHE_MS = 5 * MINUTE_MS;
/** Settings tabs (S2 §2). */
export const SETTINGS_TABS = ['profile', 'community', 'appearance', 'app', 'debugging'] as const;

// ---------------------------------------------------------------------------------------------
// Members administration — S3 §2, §4, §9
// ---------------------------------------------------------------------------------------------

/**
 * Members per page. S3 §9 gives two readings (20 per page, or not shown); we use 20.
 */
export const MEMBERS_PAGE_SIZE = 20;
/** Pagination shows at most this many page numbers (S3 §2, §9). */
export const MEMBERS_MAX_PAGE_NUMBERS = 5;
/** Row-action click debounce and processing lock (S3 §4). */
export const ROW_ACTION_DEBOUNCE_MS = 50;
export const ROW_ACTION_LOCK_MS = 300;
/** Keyboard shortcut (Ctrl/Cmd plus K) focusing the members search (S3 §9). */
export const MEMBERS_SEARCH_SHORTCUT = 'k';

// ---------------------------------------------------------------------------------------------
// Directory links and public directory — S3 §2, §4, §9
// ---------------------------------------------------------------------------------------------

/** Directory link expiry options in days and default (S3 §9). */
export const DIRECTORY_LINK_EXPIRY_OPTIONS_DAYS = [7, 14, 30, 90, 365] as const;
export const DEFAULT_DIRECTORY_LINK_EXPIRY_DAYS = 30;
/** Expiry warning at this many days or fewer (S3 §2, §9). */
export const DIRECTORY_EXPIRY_WARNING_DAYS = 7;
/** Active links shown on the members page; refresh interval (S3 §2, §4, §9). */
export const DIRECTORY_ACTIVE_LINKS_SHOWN = 3;
export const DIRECTORY_LINKS_REFRESH_MS = 30 * SECOND_MS;

// ---------------------------------------------------------------------------------------------
// Business intelligence — S3 §2, §7, §9
// ---------------------------------------------------------------------------------------------

/** Opportunities list limit and caching (stale, then kept) (S3 §7, §9). */
export const OPPORTUNITIES_LIMIT = 25;
export const BI_STALE_MS = 5 * MINUTE_MS;
export const BI_CACHE_MS = 10 * MINUTE_MS;
/** Partnership matches shown; matcher's max_matches (S3 §7, §9). */
export const PARTNERSHIP_MATCHES_LIMIT = 10;
export const PARTNERSHIP_MATCHER_MAX_MATCHES = 20;
/** Market intelligence analysis period in days (S3 §7, §9). */
export const MARKET_INTELLIGENCE_PERIOD_DAYS = 30;
/** Home dashboard: opportunities shown, fetched, confidence threshold, description cut (S3 §2, §9). */
export const HOME_OPPORTUNITIES_SHOWN = 3;
export const HOME_OPPORTUNITIES_FETCHED = 5;
export const HOME_OPPORTUNITY_MIN_CONFIDENCE = 0.7;
export const HOME_OPPORTUNITY_DESCRIPTION_CHARS = 200;
/** Community mood on the home dashboard is a fixed label (S3 §9). */
export const COMMUNITY_MOOD_LABEL = 'Good';
/** Currency symbols: opportunity cards, partnership and market values (S3 §9). */
export const OPPORTUNITY_CURRENCY_SYMBOL = '₪';
export const PARTNERSHIP_CURRENCY_SYMBOL = '$';
/** Shekels per dollar, fixed, for the dollar figures of market intelligence and dollar budgets in messages (docs/business-intelligence.md). */
export const ILS_PER_USD = 3.7;
/** Admin sort options and source filters of the opportunities list (S3 §2). */
export const OPPORTUNITY_SORT_OPTIONS = ['newest', 'oldest', 'highest_value', 'confidence'] as const;
export const OPPORTUNITY_SOURCE_FILTERS = ['all', 'dealtomat', 'matched', 'unmatched'] as const;

// ---------------------------------------------------------------------------------------------
// Suppliers — S3 §2, §5, §9
// ---------------------------------------------------------------------------------------------

/** Supplier search debounce (S3 §9). */
export const SUPPLIER_SEARCH_DEBOUNCE_MS = 300;
/** Supplier AI search runs only when the query is LONGER than this (S3 §5). */
export const SUPPLIER_AI_SEARCH_MIN_EXCLUSIVE = 2;
/** Supplier name minimum length (S3 §5). */
export const SUPPLIER_NAME_MIN_LENGTH = 2;
/** Compact supplier card cuts the description here (S3 §2). */
export const SUPPLIER_COMPACT_DESCRIPTION_CHARS = 80;

// ---------------------------------------------------------------------------------------------
// Client query defaults and app prompts — S3 §4, §9
// ---------------------------------------------------------------------------------------------

/** Query defaults: retries, retry delay, stale time (S3 §9). */
export const QUERY_DEFAULT_RETRY = 1;
export const QUERY_DEFAULT_RETRY_DELAY_MS = SECOND_MS;
export const QUERY_DEFAULT_STALE_MS = 5 * MINUTE_MS;
/** The install prompt shows this long after the browser offers install (S3 §4, §9). */
export const INSTALL_PROMPT_DELAY_MS = 2 * SECOND_MS;

// ---- Bot connection (issue 3: the bot flow) ----
/**
 * What the bot accepts in a group no community owns yet as "connect this group" (optionally followed
 * by words); the first is the one the instructions name.
 */
export const BOT_CONNECT_COMMANDS = ['/connect', '#kehila'] as const;

// ---- Group verification (issue 9: a group is claimed with a code from the claimant's own WhatsApp) ----
/** Digits of a connect code. */
export const CONNECT_CODE_DIGITS = 6;
/** How long a code can be sent. */
export const CONNECT_CODE_TTL_MS = 10 * 60 * SECOND_MS;
/** Wrong codes from the connection's number before the connection fails. */
export const CONNECT_CODE_MAX_ATTEMPTS = 5;
