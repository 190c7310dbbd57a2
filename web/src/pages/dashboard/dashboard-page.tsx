import { Suspense, lazy, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import { AppLink } from '../../components/app-link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import {
  AVG_MSGS_PER_DAY_DECIMALS,
  AVG_SENTIMENT_DECIMALS,
  HIGH_URGENCY_PCT_DECIMALS,
  roundTo,
  textDirection,
  upcomingActionBadge,
  type Dashboard,
  type UpcomingActionBadge,
  type UserCommunity,
} from '@kehila/shared';
import { useCurrentCommunity } from '../../communities/current-community';
import { useToast } from '../../components/toast/use-toast';
import { ChartTable } from '../../components/charts/chart-table';
import { HourBars, hourLabel } from '../../components/charts/hour-bars';
import { SuggestedActionsNotice } from '../messages/components/suggested-actions-notice';
import { useAiSummary } from '../messages/use-ai-summary';
import { ACTIONS_TEXTS, formatActionDate } from '../actions/actions-texts';
import { DASHBOARD_TEXTS as T } from './dashboard-texts';
import { dashboardKeys, useDashboard, useUpcomingActions } from './use-dashboard';

const ActiveUsersChart = lazy(() => import('./components/active-users-chart'));
const SummaryPanel = lazy(() =>
  import('../../components/messages/summary-panel').then((m) => ({ default: m.SummaryPanel })),
);

type AiSummary = ReturnType<typeof useAiSummary>;

/** The stat cards' figures as shown (S2 §9 rounding); '—' where nothing was scored. */
export function statCards(d: Dashboard) {
  return [
    {
      id: 'total-members',
      label: T.cards.totalMembers,
      value: String(d.total_members),
      hint: T.cardHints.totalMembers,
    },
    {
      id: 'messages-today',
      label: T.cards.messagesToday,
      value: String(d.messages_today),
      hint: T.cardHints.messagesToday(d.time_zone),
    },
    {
      id: 'avg-sentiment',
      label: T.cards.avgSentiment,
      value:
        d.avg_sentiment === null
          ? '—'
          : roundTo(d.avg_sentiment, AVG_SENTIMENT_DECIMALS).toFixed(AVG_SENTIMENT_DECIMALS),
      hint: T.cardHints.avgSentiment,
    },
    {
      id: 'high-urgency',
      label: T.cards.highUrgency,
      value: `${roundTo(d.high_urgency_pct, HIGH_URGENCY_PCT_DECIMALS).toFixed(HIGH_URGENCY_PCT_DECIMALS)}%`,
      hint: T.cardHints.highUrgency,
    },
    {
      id: 'avg-per-day',
      label: T.cards.avgPerDay,
      value: roundTo(d.avg_msgs_per_day, AVG_MSGS_PER_DAY_DECIMALS).toFixed(AVG_MSGS_PER_DAY_DECIMALS),
      hint: T.cardHints.avgPerDay(d.avg_divisor_days),
    },
  ];
}

/** The Admin badge rule (S2 §2.2): a sender whose name equals the community's admin name, ignoring case. */
export function isCommunityManager(senderName: string | null, adminName: string | null): boolean {
  return !!senderName && !!adminName && senderName.trim().toLocaleLowerCase() === adminName.trim().toLocaleLowerCase();
}

function Header_({
  community,
  ai,
  onRefresh,
}: {
  community: UserCommunity | null;
  ai: AiSummary;
  onRefresh: () => void;
}) {
  const navigate = useNavigate();
  // S2 §4: Suggest actions only once a summary exists; both disabled while either runs.
  const processing = ai.generating || ai.suggesting;
  return (
    <Header
      variant="h1"
      description={T.subtitle}
      actions={
        <SpaceBetween direction="horizontal" size="xs">
          <Button onClick={() => navigate('/messages')}>{T.messages}</Button>
          {community?.group_id && (
            <>
              <Button iconName="gen-ai" loading={ai.generating} disabled={processing} onClick={ai.generate}>
                {T.generateSummary}
              </Button>
              {ai.summary && (
                <Button iconName="suggestions" loading={ai.suggesting} disabled={processing} onClick={ai.suggest}>
                  {T.suggestActions}
                </Button>
              )}
            </>
          )}
          <Button iconName="refresh" ariaLabel={T.refresh} onClick={onRefresh}>
            {T.refresh}
          </Button>
          <Button variant="primary" onClick={() => navigate('/analytics')}>
            {T.analytics}
          </Button>
        </SpaceBetween>
      }
    >
      {T.title}
    </Header>
  );
}

/** The Dashboard (/dashboard, S2 §2.2): every state, then the figures of the selected community. */
export function DashboardPage() {
  const { community, isLoading, isError, refresh } = useCurrentCommunity();
  const navigate = useNavigate();
  const reload = () => window.location.reload();
  const queryClient = useQueryClient();
  const toast = useToast();
  // S2 §8 'Refreshing dashboard...': the figures, the upcoming actions and the community are read
  // again in place (a full page reload would take the toast with it)
  const refreshDashboard = () => {
    toast.info(T.refreshing);
    if (community) void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(community.community_id) });
    void refresh();
  };
  const ai = useAiSummary(community?.group_id ? community.community_id : null);

  let body;
  if (isLoading) body = <DashboardSkeleton />;
  else if (isError)
    body = (
      <Alert
        type="error"
        header={T.profileErrorTitle}
        action={
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={() => void refresh()}>{T.tryAgain}</Button>
            <Button onClick={() => navigate('/messages')}>{T.goToMessages}</Button>
          </SpaceBetween>
        }
      >
        {T.profileErrorBody}
      </Alert>
    );
  else if (!community?.group_id)
    body = (
      <Alert
        type="warning"
        header={T.noAccessTitle}
        action={
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={reload}>{T.refreshPage}</Button>
            <Button onClick={() => navigate('/messages')}>{T.tryMessages}</Button>
            <Button onClick={() => navigate('/settings')}>{T.checkSettings}</Button>
          </SpaceBetween>
        }
      >
        <ul>
          {T.noAccessReasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </Alert>
    );
  else body = <DashboardBody key={community.community_id} community={community} />;

  return (
    <SpaceBetween size="l">
      <Header_ community={community} ai={ai} onRefresh={refreshDashboard} />
      {community?.group_id && ai.summary && (
        <Suspense fallback={null}>
          <SummaryPanel
            summary={ai.summary}
            footer={
              ai.suggestedCount !== null ? (
                <SuggestedActionsNotice count={ai.suggestedCount} onDismiss={ai.dismissSuggested} />
              ) : undefined
            }
          />
        </Suspense>
      )}
      {body}
    </SpaceBetween>
  );
}

function DashboardSkeleton() {
  return (
    <Container>
      <Box textAlign="center" padding="xl">
        <Spinner size="large" />
      </Box>
    </Container>
  );
}

function DateFilter({
  range,
  onChange,
}: {
  range: { from?: string; to?: string };
  onChange: (r: { from?: string; to?: string }) => void;
}) {
  const set = (key: 'from' | 'to', value: string) => {
    const next = { ...range };
    if (value) next[key] = value;
    else delete next[key];
    onChange(next);
  };
  return (
    <Container header={<Header variant="h2">{T.filterTitle}</Header>}>
      <SpaceBetween direction="horizontal" size="m" alignItems="end">
        <FormField label={T.from}>
          <DatePicker value={range.from ?? ''} onChange={(e) => set('from', e.detail.value)} placeholder="YYYY/MM/DD" />
        </FormField>
        <FormField label={T.to}>
          <DatePicker value={range.to ?? ''} onChange={(e) => set('to', e.detail.value)} placeholder="YYYY/MM/DD" />
        </FormField>
        <Button variant="link" disabled={!range.from && !range.to} onClick={() => onChange({})}>
          {T.clear}
        </Button>
      </SpaceBetween>
    </Container>
  );
}

function DashboardBody({ community }: { community: UserCommunity }) {
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const figures = useDashboard(community.community_id, range);
  const d = figures.data;
  return (
    <SpaceBetween size="l">
      <DateFilter range={range} onChange={setRange} />
      {figures.isPending ? (
        <DashboardSkeleton />
      ) : figures.isError || !d ? (
        <Alert type="error" header={T.errorTitle}>
          {figures.error?.message}
        </Alert>
      ) : d.total_messages === 0 ? (
        <Container>
          <Box textAlign="center" padding="l">
            <Box variant="h2">{T.noDataTitle}</Box>
            <Box color="text-body-secondary">{T.noDataBody}</Box>
          </Box>
        </Container>
      ) : (
        <Figures d={d} />
      )}
      <UpcomingActions communityId={community.community_id} />
    </SpaceBetween>
  );
}

function Figures({ d }: { d: Dashboard }) {
  return (
    <SpaceBetween size="l">
      <ColumnLayout columns={5} variant="text-grid" minColumnWidth={150}>
        {statCards(d).map((c) => (
          <div key={c.id} data-stat={c.id}>
            <Box variant="awsui-key-label">{c.label}</Box>
            <Box variant="awsui-value-large" display="block">
              {c.value}
            </Box>
            <Box variant="small" display="block" color="text-body-secondary">
              {c.hint}
            </Box>
          </div>
        ))}
      </ColumnLayout>
      <Grid gridDefinition={[{ colspan: { default: 12, m: 6 } }, { colspan: { default: 12, m: 6 } }]}>
        <Container header={<Header variant="h2">{T.activeUsers}</Header>}>
          <Suspense fallback={<Spinner />}>
            <ActiveUsersChart series={d.active_users_over_time} />
          </Suspense>
          <ChartTable
            label={T.activeUsers}
            toggle={T.tableAlternative}
            rows={d.active_users_over_time}
            columns={[
              { id: 'date', header: T.date, cell: (r) => formatActionDate(`${r.date}T12:00:00Z`) },
              { id: 'count', header: T.users, cell: (r) => r.count },
            ]}
          />
        </Container>
        <Container
          header={
            <Header variant="h2" description={T.activityHoursHint(d.time_zone)}>
              {T.activityHours}
            </Header>
          }
        >
          {d.activity_hours.some((h) => h.count > 0) ? (
            <HourBars hours={d.activity_hours} label={T.activityHours} />
          ) : (
            <Box color="text-body-secondary">{T.noActivity}</Box>
          )}
          <ChartTable
            label={T.activityHours}
            toggle={T.tableAlternative}
            rows={d.activity_hours}
            columns={[
              { id: 'hour', header: T.hour, cell: (r) => hourLabel(r.hour) },
              { id: 'count', header: T.count, cell: (r) => r.count },
            ]}
          />
        </Container>
      </Grid>
      <Grid gridDefinition={[{ colspan: { default: 12, m: 6 } }, { colspan: { default: 12, m: 6 } }]}>
        <Leaderboard d={d} />
        <RecentMessages d={d} />
      </Grid>
    </SpaceBetween>
  );
}

function Leaderboard({ d }: { d: Dashboard }) {
  const toast = useToast();
  return (
    <Container header={<Header variant="h2">{T.leaderboard}</Header>}>
      <ol aria-label={T.leaderboard} style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
        {d.leaderboard.map((e) => {
          const manager = isCommunityManager(e.Sender_name, d.admin_name);
          return (
            <li key={e.sender_hash ?? e.Sender_name} style={{ marginBlockEnd: '0.5rem' }}>
              <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                <bdi dir="auto">
                  {e.Sender_name ? (
                    <AppLink
                      to={`/messages?sender=${encodeURIComponent(e.Sender_name)}`}
                      onNavigate={() => toast.info(T.showingFrom(e.Sender_name ?? ''))}
                      fontSize="body-m"
                    >
                      <b>{e.Sender_name}</b>
                    </AppLink>
                  ) : (
                    <b>{T.unknownSender}</b>
                  )}
                </bdi>
                {manager && <Badge color="blue">{T.admin}</Badge>}
              </SpaceBetween>
              <Box variant="small" color="text-body-secondary">
                {manager ? T.manager : T.member} · {T.messagesCount(e.cnt)}
              </Box>
            </li>
          );
        })}
      </ol>
    </Container>
  );
}

function RecentMessages({ d }: { d: Dashboard }) {
  return (
    <Container
      header={
        <Header variant="h2" actions={<AppLink to="/messages">{T.viewAll}</AppLink>}>
          {T.recent}
        </Header>
      }
    >
      {d.recent_messages.length === 0 ? (
        <Box color="text-body-secondary">{T.noRecent}</Box>
      ) : (
        <SpaceBetween size="s">
          {d.recent_messages.map((m) => (
            <div key={m.msg_id}>
              <Box variant="small" color="text-body-secondary">
                <bdi dir="auto">{m.Sender_name ?? T.unknownSender}</bdi> · {new Date(m.timestamp).toLocaleString()}
                {m.urgency === 'high' && (
                  <>
                    {' '}
                    <Badge color="red">high</Badge>
                  </>
                )}
              </Box>
              <div dir={textDirection(m.content)} style={{ overflowWrap: 'anywhere' }}>
                {m.content}
              </div>
            </div>
          ))}
        </SpaceBetween>
      )}
    </Container>
  );
}

const BADGE_COLOR: Record<UpcomingActionBadge, 'red' | 'blue' | 'grey'> = {
  no_due_date: 'grey',
  overdue: 'red',
  due_today: 'red',
  due_tomorrow: 'blue',
  due_soon: 'blue',
  date: 'grey',
};

/** An upcoming action's badge (S2 §4): No due date, Overdue, Due Today, Due Tomorrow, Due Soon, otherwise the date. */
function UpcomingBadge({ dueDate, now }: { dueDate: string | null; now: Date }) {
  const badge = upcomingActionBadge({ due_date: dueDate }, now);
  const text = badge === 'date' ? formatActionDate(dueDate) : T.upcomingBadges[badge];
  return (
    <Badge color={BADGE_COLOR[badge]}>
      <span data-badge={badge}>{text}</span>
    </Badge>
  );
}

function UpcomingActions({ communityId }: { communityId: string }) {
  const upcoming = useUpcomingActions(communityId);
  const items = upcoming.data?.items ?? [];
  const now = new Date(upcoming.dataUpdatedAt);
  return (
    <Container header={<Header variant="h2">{T.upcoming}</Header>}>
      {upcoming.isPending ? (
        <Spinner />
      ) : upcoming.isError ? (
        <Alert type="error" header={ACTIONS_TEXTS.loadFailed}>
          {ACTIONS_TEXTS.loadFailedHint}
        </Alert>
      ) : items.length === 0 ? (
        <Box textAlign="center" color="text-body-secondary">
          <Box variant="strong">{T.noUpcoming}</Box>
          <div>{T.caughtUp}</div>
        </Box>
      ) : (
        <SpaceBetween size="s">
          {items.map((a) => (
            <div key={a.action_id}>
              <AppLink to={`/actions?action=${encodeURIComponent(a.action_id)}`}>
                <bdi dir="auto">{a.title}</bdi>
              </AppLink>{' '}
              <UpcomingBadge dueDate={a.due_date} now={now} />
              {a.due_date && upcomingActionBadge(a, now) !== 'date' && (
                <Box variant="small" color="text-body-secondary">
                  {formatActionDate(a.due_date)}
                </Box>
              )}
            </div>
          ))}
        </SpaceBetween>
      )}
    </Container>
  );
}
