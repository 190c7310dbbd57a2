import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Tabs from '@cloudscape-design/components/tabs';
import {
  BI_CACHE_MS,
  BI_STALE_MS,
  HOME_OPPORTUNITIES_SHOWN,
  HOME_OPPORTUNITY_DESCRIPTION_CHARS,
  OPPORTUNITY_CURRENCY_SYMBOL,
  roundTo,
  sentimentLabel,
  type BusinessOpportunity,
  type Dashboard,
  type Insights,
  type UserCommunity,
} from '@kehila/shared';
import { ApiRequestError } from '../../api/client';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';
import { useMe } from '../../auth/use-me';
import { useCurrentCommunity } from '../../communities/current-community';
import { AppLink } from '../../components/app-link';
import { hourLabel } from '../../components/charts/hour-bars';
import { downloadCsv } from '../../components/charts/download-csv';
import { useToast } from '../../components/toast/use-toast';
import { useInsights } from '../analytics/use-insights';
import { useDashboard } from '../dashboard/use-dashboard';
import { TODAY_TEXTS as T } from './today-texts';

// Both open on demand: the invitation flow is the Members screen's own (one form, not a copy).
const CreateInvitationModal = lazy(() =>
  import('../members/create-invitation-modal').then((m) => ({ default: m.CreateInvitationModal })),
);
const CustomizeAlertsModal = lazy(() =>
  import('./customize-alerts-modal').then((m) => ({ default: m.CustomizeAlertsModal })),
);

type TabId = keyof typeof T.tabs;

function partOfDay(now: Date): 'morning' | 'afternoon' | 'evening' {
  const h = now.getHours();
  return h < 12 ? 'morning' : h < 18 ? 'afternoon' : 'evening';
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** One line of 'What's Happening', built from real figures. */
export interface HappeningItem {
  readonly id: string;
  readonly text: string;
  readonly href: string;
}

/**
 * The feed (S3 'What's Happening'), every line from data: new members waiting for an admin's
 * approval (admins only: `pendingMembers` is null for others), urgent messages this week (and who
 * sent the latest), the week's hot topic, a stored AI summary, the week's busiest local hour.
 */
export function happeningItems(
  week: Insights,
  dashboard: Dashboard,
  summaryReady: boolean,
  pendingMembers: number | null = null,
): HappeningItem[] {
  const items: HappeningItem[] = [];
  if (pendingMembers) items.push({ id: 'pending', text: T.pendingMembers(pendingMembers), href: '/members' });
  if (week.urgency.high > 0) items.push({ id: 'urgent', text: T.urgent(week.urgency.high), href: '/messages' });
  const latestUrgent = dashboard.recent_messages.find((m) => m.urgency === 'high');
  if (latestUrgent)
    items.push({ id: 'latest-urgent', text: T.latestUrgent(latestUrgent.Sender_name ?? T.someone), href: '/messages' });
  const top = week.topics[0];
  if (top) items.push({ id: 'topic', text: T.hotTopic(top.label, top.count), href: '/analytics' });
  if (summaryReady) items.push({ id: 'summary', text: T.summaryReady, href: '/messages' });
  const peak = week.activity_hours.reduce((best, h) => (h.count > best.count ? h : best), { hour: 0, count: 0 });
  if (peak.count > 0) items.push({ id: 'hour', text: T.busiestHour(hourLabel(peak.hour)), href: '/dashboard' });
  return items;
}

/** A description as the home shows it: cut at 200 characters (S3 §9). */
export function cutDescription(text: string): string {
  return text.length > HOME_OPPORTUNITY_DESCRIPTION_CHARS
    ? `${text.slice(0, HOME_OPPORTUNITY_DESCRIPTION_CHARS).trimEnd()}…`
    : text;
}

/** 'Hot Opportunities' (S3 §2): at most three of the confident ones, each opening the Business Intelligence screen. */
function HotOpportunities({ items, failed }: { items: readonly BusinessOpportunity[] | null; failed: boolean }) {
  if (failed) return <Box color="text-body-secondary">{T.hotUnavailable}</Box>;
  if (!items) return <Spinner />;
  if (items.length === 0) return <Box color="text-body-secondary">{T.noHot}</Box>;
  return (
    <ul aria-label={T.hot} style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
      {items.slice(0, HOME_OPPORTUNITIES_SHOWN).map((o) => (
        <li key={o.id} data-hot={o.id}>
          <AppLink to="/business-intelligence">{o.title}</AppLink>{' '}
          <Box variant="small" display="inline" color="text-body-secondary">
            {o.estimated_value === null
              ? T.tbd
              : `${OPPORTUNITY_CURRENCY_SYMBOL}${o.estimated_value.toLocaleString('en-US')}`}{' '}
            · {T.confidence(Math.round(o.confidence_score * 100))}
          </Box>
          {o.description && (
            <Box variant="small">
              <bdi dir="auto">{cutDescription(o.description)}</bdi>
            </Box>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The period's figures as report rows (Download Report). */
export function reportRows(d: Dashboard, week: Insights): (string | number | null)[][] {
  return [
    ['figure', 'value', 'period'],
    ['messages', d.total_messages, `${d.range.from} – ${d.range.to}`],
    ['active members', d.total_members, `${d.range.from} – ${d.range.to}`],
    ['messages today', d.messages_today, d.time_zone],
    [
      'average sentiment',
      d.avg_sentiment === null ? null : roundTo(d.avg_sentiment, 2),
      `${d.range.from} – ${d.range.to}`,
    ],
    ['high urgency %', roundTo(d.high_urgency_pct, 0), `${d.range.from} – ${d.range.to}`],
    ['messages per day', roundTo(d.avg_msgs_per_day, 1), `${d.range.from} – ${d.range.to}`],
    ...d.leaderboard.map((e) => ['top sender', `${e.Sender_name ?? ''} (${e.cnt})`, null]),
    ...week.topics.slice(0, 10).map((t) => ['topic this week', t.label, t.count]),
  ];
}

/** The Home dashboard 'Today' (S3): greeting, four linked tiles, hot opportunities, what's happening. */
export function TodayPage() {
  const { community, isLoading } = useCurrentCommunity();
  const me = useMe();
  const toast = useToast();
  const [tab, setTab] = useState<TabId>('today');
  const name = me.data?.profile?.username ?? me.data?.email.split('@')[0] ?? '';
  return (
    <SpaceBetween size="l">
      <Header variant="h1" description={T.subtitle}>
        {T.greeting(partOfDay(new Date()), name)}
      </Header>
      <Tabs
        activeTabId={tab}
        onChange={(e) => {
          const next = e.detail.activeTabId as TabId;
          // S3: only Today exists; the others say so and the selection stays on Today.
          if (next !== 'today') toast.info(T.comingSoon(T.tabs[next]));
          setTab('today');
        }}
        tabs={(Object.keys(T.tabs) as TabId[]).map((id) => ({ id, label: T.tabs[id] }))}
      />
      {isLoading ? (
        <Spinner size="large" />
      ) : community?.group_id ? (
        <TodayBody key={community.community_id} community={community} />
      ) : (
        <Alert type="warning" header={T.noAccessTitle}>
          {T.noAccessBody}
        </Alert>
      )}
    </SpaceBetween>
  );
}

function TodayBody({ community }: { community: UserCommunity }) {
  const callApi = useCallApi();
  const [open, setOpen] = useState<'invite' | 'alerts' | null>(null);
  const isAdmin = community.role === 'Admin';
  const now = Date.now();
  const month = useDashboard(community.community_id, { from: utcDay(now - 29 * 86_400_000), to: utcDay(now) });
  const week = useInsights(community.community_id, 7);
  const summary = useQuery({
    queryKey: ['today', community.community_id, 'summary'],
    queryFn: ({ signal }) => callApi(routes.latestSummary, { params: { communityId: community.community_id }, signal }),
  });
  // S3 §7, §9: confidence at least 0.7, five fetched with their count, three shown; cached as the BI lists
  const hot = useQuery({
    queryKey: ['bi', community.community_id, 'hot'],
    queryFn: ({ signal }) =>
      callApi(routes.hotOpportunities, { params: { communityId: community.community_id }, signal }),
    staleTime: BI_STALE_MS,
    gcTime: BI_CACHE_MS,
    retry: (n, err) => !(err instanceof ApiRequestError && err.status === 402) && n < 1,
  });
  // New registrations wait for an admin (S3 members): the list route is theirs, so only they ask.
  const pending = useQuery({
    queryKey: ['today', community.community_id, 'pending-members'],
    queryFn: ({ signal }) =>
      callApi(routes.listMembers, {
        params: { communityId: community.community_id },
        query: { status: 'pending', pageSize: 1 },
        signal,
      }),
    enabled: isAdmin,
  });
  if (month.isPending || week.isPending) return <Spinner size="large" />;
  if (month.isError || week.isError || !month.data || !week.data) {
    return (
      <Alert type="error" header={T.loadFailed}>
        {(month.error ?? week.error)?.message}
      </Alert>
    );
  }
  const d = month.data;
  const w = week.data;
  const mood = d.avg_sentiment === null ? T.noMood : sentimentLabel(d.avg_sentiment);
  const moodHint =
    d.avg_sentiment === null ? T.tileHints.mood : `${T.tileHints.mood}: ${roundTo(d.avg_sentiment, 2).toFixed(2)}`;
  const tiles = [
    {
      id: 'messages-today',
      label: T.tiles.messagesToday,
      value: String(d.messages_today),
      hint: T.tileHints.messagesToday(d.time_zone),
      to: '/messages',
    },
    {
      id: 'opportunities',
      label: T.tiles.opportunities,
      value: hot.data ? String(hot.data.count) : '—',
      hint: hot.data ? T.tileHints.opportunities : hot.isError ? T.hotUnavailable : T.tileHints.opportunities,
      to: '/business-intelligence',
    },
    { id: 'mood', label: T.tiles.mood, value: mood, hint: moodHint, to: '/analytics' },
    {
      id: 'active-members',
      label: T.tiles.activeMembers,
      value: String(d.total_members),
      hint: T.tileHints.activeMembers,
      to: '/members',
    },
  ];
  const items = happeningItems(w, d, !!summary.data, pending.data?.counts.pending ?? null);
  return (
    <SpaceBetween size="l">
      <ColumnLayout columns={4} variant="text-grid" minColumnWidth={150}>
        {tiles.map((t) => (
          <div key={t.id} data-tile={t.id}>
            <div>
              <AppLink to={t.to}>{t.label}</AppLink>
            </div>
            {t.id === 'mood' ? (
              <Box variant="h2" tagOverride="div">
                {t.value}
              </Box>
            ) : (
              <Box variant="awsui-value-large">{t.value}</Box>
            )}
            <Box variant="small" color="text-body-secondary">
              {t.hint}
            </Box>
          </div>
        ))}
      </ColumnLayout>
      <ColumnLayout columns={2} minColumnWidth={280}>
        <Container header={<Header variant="h2">{T.happening}</Header>}>
          {items.length === 0 ? (
            <Box color="text-body-secondary">{T.nothingHappening}</Box>
          ) : (
            <ul aria-label={T.happening} style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
              {items.map((i) => (
                <li key={i.id} data-event={i.id}>
                  <AppLink to={i.href}>
                    <bdi dir="auto">{i.text}</bdi>
                  </AppLink>
                </li>
              ))}
            </ul>
          )}
        </Container>
        <Container header={<Header variant="h2">{T.hot}</Header>}>
          <HotOpportunities items={hot.data?.items ?? null} failed={hot.isError} />
        </Container>
      </ColumnLayout>
      <Container header={<Header variant="h2">{T.quick}</Header>}>
        <SpaceBetween direction="horizontal" size="xs">
          <Button iconName="download" onClick={() => downloadCsv('report', reportRows(d, w))}>
            {T.downloadReport}
          </Button>
          <Button iconName="file" onClick={() => window.print()}>
            {T.printReport}
          </Button>
          <Button
            iconName="user-profile"
            disabled={!isAdmin}
            disabledReason={T.inviteAdminsOnly}
            onClick={() => setOpen('invite')}
          >
            {T.inviteMembers}
          </Button>
          <Button
            iconName="notification"
            disabled={!isAdmin}
            disabledReason={T.alertsAdminsOnly}
            onClick={() => setOpen('alerts')}
          >
            {T.customizeAlerts}
          </Button>
        </SpaceBetween>
      </Container>
      <Suspense fallback={<Spinner />}>
        {open === 'invite' && (
          <CreateInvitationModal communityId={community.community_id} onClose={() => setOpen(null)} />
        )}
        {open === 'alerts' && (
          <CustomizeAlertsModal communityId={community.community_id} onClose={() => setOpen(null)} />
        )}
      </Suspense>
    </SpaceBetween>
  );
}
