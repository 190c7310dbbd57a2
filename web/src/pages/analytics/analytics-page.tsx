import { Suspense, lazy, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { ANALYTICS_TIME_RANGES, DEFAULT_ANALYTICS_TIME_RANGE, type Insights, type UserCommunity } from '@kehila/shared';
import { useCurrentCommunity } from '../../communities/current-community';
import { downloadCsv } from '../../components/charts/download-csv';
import { ANALYTICS_TEXTS as T } from './analytics-texts';
import { useInsights } from './use-insights';
import { InsightExplorer } from './components/insight-explorer';

const AnalyticsCharts = lazy(() => import('./components/analytics-charts'));

/** The analytics in view as CSV rows: one section per chart (section, label, value, detail). */
export function insightsCsvRows(d: Insights): (string | number | null)[][] {
  const rows: (string | number | null)[][] = [['section', 'label', 'value', 'detail']];
  rows.push(['range', d.range.from, d.range.to, d.time_zone]);
  rows.push(['total', 'messages', d.total_messages, null], ['total', 'active senders', d.active_senders, null]);
  for (const v of d.volume) rows.push(['volume', v.date, v.count, null]);
  for (const s of d.sentiment.by_day) rows.push(['sentiment', s.date, s.average, s.scored]);
  for (const [label, n] of Object.entries(d.sentiment.labels)) rows.push(['sentiment label', label, n, null]);
  for (const e of d.emotions) rows.push(['emotion', e.emotion, e.count, null]);
  for (const u of ['high', 'medium', 'low'] as const) rows.push(['urgency', u, d.urgency[u], null]);
  rows.push(['urgency', 'overall', d.urgency.overall, null]);
  for (const t of d.topics) rows.push(['topic', t.label, t.count, null]);
  for (const k of d.keywords) rows.push(['keyword', k.label, k.count, null]);
  for (const t of d.toxicity) rows.push(['toxicity', t.date, t.average, t.tier]);
  for (const i of d.intents) rows.push(['intent', i.label, i.count, null]);
  for (const h of d.activity_hours) rows.push(['hour', h.hour, h.count, d.time_zone]);
  return rows;
}

/** The Analytics screen (/analytics, S2 §2.5). */
export function AnalyticsPage() {
  const { community, isLoading } = useCurrentCommunity();
  if (community?.group_id) return <AnalyticsWorkspace key={community.community_id} community={community} />;
  return (
    <SpaceBetween size="l">
      <Header variant="h1" description={T.subtitle}>
        {T.title}
      </Header>
      {isLoading ? (
        <Spinner size="large" />
      ) : (
        <Alert type="warning" header={T.noGroupTitle}>
          {T.noGroupBody}
        </Alert>
      )}
    </SpaceBetween>
  );
}

function AnalyticsWorkspace({ community }: { community: UserCommunity }) {
  const navigate = useNavigate();
  const [days, setDays] = useState<number>(DEFAULT_ANALYTICS_TIME_RANGE);
  const insights = useInsights(community.community_id, days);
  const options = ANALYTICS_TIME_RANGES.map((n) => ({ value: String(n), label: T.lastDays(n) }));
  const data = insights.data;
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
              onChange={(e) => setDays(Number(e.detail.selectedOption.value))}
            />
            <Button
              iconName="download"
              disabled={!data}
              onClick={() => data && downloadCsv('analytics', insightsCsvRows(data))}
            >
              {T.exportCsv}
            </Button>
            <Button onClick={() => navigate('/analytics/enhanced')}>{T.enhanced}</Button>
            <Button onClick={() => navigate('/dashboard')}>{T.back}</Button>
          </SpaceBetween>
        }
      >
        {T.title}
      </Header>
      {insights.isPending ? (
        <Spinner size="large" />
      ) : insights.isError || !data ? (
        <Alert type="error" header={T.loadFailed}>
          {insights.error?.message}
        </Alert>
      ) : data.total_messages === 0 ? (
        <Container>
          <Box textAlign="center" padding="l">
            <Box variant="h2">{T.noDataTitle}</Box>
            <Box color="text-body-secondary">{T.noDataBody(days)}</Box>
          </Box>
        </Container>
      ) : (
        <SpaceBetween size="l">
          <Suspense fallback={<Spinner size="large" />}>
            <AnalyticsCharts data={data} />
          </Suspense>
          <InsightExplorer
            communityId={community.community_id}
            days={days}
            keywords={data.keywords}
            totalMessages={data.total_messages}
          />
        </SpaceBetween>
      )}
    </SpaceBetween>
  );
}
