import { Suspense, lazy, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import Tabs from '@cloudscape-design/components/tabs';
import {
  ANALYTICS_TIME_RANGES,
  DEFAULT_ANALYTICS_TIME_RANGE,
  ENHANCED_ANALYTICS_TABS,
  roundTo,
  type EnhancedAnalyticsTab,
  type Insights,
  type UserCommunity,
} from '@kehila/shared';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';
import { useCurrentCommunity } from '../../communities/current-community';
import { InsightExplorer } from '../analytics/components/insight-explorer';
import { useInsights } from '../analytics/use-insights';
import { ENHANCED_TEXTS as T } from './enhanced-texts';
import { useAnalyticsEvents } from './use-analytics-events';
import { ProfileIntelligence } from './profile-intelligence';
import styles from './enhanced-analytics.module.scss';

const InsightTabs = lazy(() => import('./insight-tabs'));

/** Six placeholders while the figures load (S3 §2). */
function Skeletons() {
  return (
    <div className={styles.skeletons} role="status" aria-busy="true" aria-label={T.loading}>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className={styles.skeleton} data-testid="analytics-skeleton" />
      ))}
    </div>
  );
}


/** Who writes in the group over the period: the dashboard's leaderboard and distinct senders of the range. */
function MemberIntelligence({
  communityId,
  days,
  insights,
  isAdmin,
}: {
  communityId: string;
  days: number;
  insights: Insights;
  isAdmin: boolean;
}) {
  const callApi = useCallApi();
  // The insights' own window: the same days, ending on the community's today.
  const range = { from: insights.range.from, to: insights.range.to };
  const activity = useQuery({
    queryKey: ['analytics', communityId, 'members', range.from, range.to],
    queryFn: ({ signal }) => callApi(routes.getDashboard, { params: { communityId }, query: range, signal }),
  });
  const total = insights.total_messages;
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">{T.tabs.members}</Header>}>
        <ColumnLayout columns={3} variant="text-grid">
          <div>
            <Box variant="awsui-key-label">{T.activeMembers}</Box>
            <Box variant="awsui-value-large">{insights.active_senders}</Box>
          </div>
          <div>
            <Box variant="awsui-key-label">{T.totalMessages}</Box>
            <Box variant="awsui-value-large">{total}</Box>
          </div>
          <div>
            <Box variant="awsui-key-label">{T.messagesPerDay}</Box>
            <Box variant="awsui-value-large">{roundTo(total / Math.max(insights.range.days, 1), 1).toFixed(1)}</Box>
          </div>
        </ColumnLayout>
      </Container>
      {activity.isPending ? (
        <StatusIndicator type="loading">{T.loading}</StatusIndicator>
      ) : activity.isError ? (
        <Alert
          type="error"
          header={T.membersLoadFailed}
          action={<Button onClick={() => void activity.refetch()}>{T.tryAgain}</Button>}
        >
          {activity.error.message}
        </Alert>
      ) : (
        <Table
          header={<Header variant="h2">{T.topContributors}</Header>}
          ariaLabels={{ tableLabel: T.topContributors }}
          items={activity.data.leaderboard}
          columnDefinitions={[
            { id: 'name', header: T.member, cell: (e) => <bdi>{e.Sender_name ?? T.unknownMember}</bdi> },
            { id: 'count', header: T.messages, cell: (e) => e.cnt },
            {
              id: 'share',
              header: T.share,
              cell: (e) =>
                `${activity.data.total_messages > 0 ? Math.round((e.cnt / activity.data.total_messages) * 100) : 0}%`,
            },
          ]}
          empty={<Box color="text-body-secondary">{T.noActivity(days)}</Box>}
          wrapLines
        />
      )}
      <ProfileIntelligence communityId={communityId} isAdmin={isAdmin} />
    </SpaceBetween>
  );
}

function EnhancedWorkspace({ community }: { community: UserCommunity }) {
  const navigate = useNavigate();
  const [days, setDays] = useState<number>(DEFAULT_ANALYTICS_TIME_RANGE);
  const [tab, setTab] = useState<EnhancedAnalyticsTab>('sentiment');
  const log = useAnalyticsEvents(community.community_id);
  const insights = useInsights(community.community_id, days);
  const options = ANALYTICS_TIME_RANGES.map((n) => ({ value: String(n), label: T.lastDays(n) }));
  const data = insights.data;

  const content = (id: EnhancedAnalyticsTab, d: Insights) => {
    if (id === 'ai_insights')
      return (
        <InsightExplorer
          communityId={community.community_id}
          days={days}
          keywords={d.keywords}
          totalMessages={d.total_messages}
        />
      );
    if (id === 'members')
      return (
        <MemberIntelligence
          communityId={community.community_id}
          days={days}
          insights={d}
          isAdmin={community.role === 'Admin'}
        />
      );
    if (d.total_messages === 0)
      return (
        <Box textAlign="center" padding="l" color="text-body-secondary">
          {T.noData(days)}
        </Box>
      );
    return (
      <Suspense fallback={<Skeletons />}>
        <InsightTabs tab={id} data={d} />
      </Suspense>
    );
  };

  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        description={T.subtitle}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Select
              ariaLabel={T.timeRange}
              selectedOption={options.find((o) => o.value === String(days)) ?? null}
              options={options}
              onChange={(e) => {
                const next = Number(e.detail.selectedOption.value);
                setDays(next);
                log({ event: 'time_range_change', page: 'enhanced_analytics', days: next });
              }}
            />
            <Button onClick={() => navigate('/dashboard')}>{T.back}</Button>
          </SpaceBetween>
        }
      >
        {T.title}
      </Header>
      {insights.isPending ? (
        <Skeletons />
      ) : insights.isError || !data ? (
        <Alert
          type="error"
          header={T.errorTitle}
          action={<Button onClick={() => void insights.refetch()}>{T.tryAgain}</Button>}
        >
          {insights.error?.message}
        </Alert>
      ) : (
        <Tabs
          activeTabId={tab}
          ariaLabel={T.title}
          onChange={(e) => {
            const next = e.detail.activeTabId as EnhancedAnalyticsTab;
            setTab(next);
            log({ event: 'tab_change', page: 'enhanced_analytics', tab: next });
          }}
          tabs={ENHANCED_ANALYTICS_TABS.map((id) => ({ id, label: T.tabs[id], content: content(id, data) }))}
        />
      )}
    </SpaceBetween>
  );
}

/** Enhanced Analytics (S3 §2), at /analytics/enhanced. */
export function EnhancedAnalyticsPage() {
  const navigate = useNavigate();
  const { community, isLoading } = useCurrentCommunity();
  if (community) return <EnhancedWorkspace key={community.community_id} community={community} />;
  return (
    <SpaceBetween size="l">
      <Header variant="h1">{T.title}</Header>
      {isLoading ? (
        <Skeletons />
      ) : (
        <Container>
          <Box textAlign="center" padding="l">
            <Box variant="h2">{T.noCommunityTitle}</Box>
            <Box color="text-body-secondary" padding={{ bottom: 's' }}>
              {T.noCommunityBody}
            </Box>
            <Button variant="primary" onClick={() => navigate('/messages')}>
              {T.goToMessages}
            </Button>
          </Box>
        </Container>
      )}
    </SpaceBetween>
  );
}
