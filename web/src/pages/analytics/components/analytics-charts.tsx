import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import AreaChart from '@cloudscape-design/components/area-chart';
import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import PieChart from '@cloudscape-design/components/pie-chart';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import {
  DEFAULT_TOPIC_TOP_N,
  SENTIMENT_AXIS,
  TOPIC_TOP_N_OPTIONS,
  keywordStyle,
  roundTo,
  sentimentLabel,
  topicShade,
  type Insights,
  type LabelCount,
} from '@kehila/shared';
import { ChartTable } from '../../../components/charts/chart-table';
import { HourBars, hourLabel } from '../../../components/charts/hour-bars';
import { ANALYTICS_TEXTS as T } from '../analytics-texts';
import styles from './analytics-charts.module.css';

const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);
const short = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const shortDay = (date: string) => short(utcDay(date));
const TOPIC_SHADES = [styles.shade0, styles.shade1, styles.shade2, styles.shade3, styles.shade4];
const TOXICITY_CLASS = {
  severe: styles.toxSevere,
  high: styles.toxHigh,
  moderate: styles.toxModerate,
  low: styles.toxLow,
};

const labelCountColumns = [
  { id: 'label', header: T.label, cell: (r: LabelCount) => r.label },
  { id: 'count', header: T.messages, cell: (r: LabelCount) => r.count },
];

function Card({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <Container
      header={
        <Header variant="h2" {...(description ? { description } : {})}>
          {title}
        </Header>
      }
    >
      {children}
    </Container>
  );
}

function Donut({
  title,
  data,
  inner,
  innerLabel,
}: {
  title: string;
  data: readonly LabelCount[];
  inner?: string;
  innerLabel?: string;
}) {
  const shown = data.filter((d) => d.count > 0);
  return (
    <Card title={title}>
      <PieChart
        variant="donut"
        size="medium"
        data={shown.map((d) => ({ title: d.label, value: d.count }))}
        ariaLabel={title}
        hideFilter
        {...(inner ? { innerMetricValue: inner } : {})}
        {...(innerLabel ? { innerMetricDescription: innerLabel } : {})}
        empty={T.none}
      />
      <ChartTable label={title} toggle={T.tableAlternative} rows={data} columns={labelCountColumns} />
    </Card>
  );
}

function TopicBars({ topics }: { topics: readonly LabelCount[] }) {
  const [topN, setTopN] = useState<number>(DEFAULT_TOPIC_TOP_N);
  const shown = topics.slice(0, topN);
  const max = Math.max(0, ...shown.map((t) => t.count));
  const options = TOPIC_TOP_N_OPTIONS.map((n) => ({ value: String(n), label: String(n) }));
  return (
    <Card title={T.topics}>
      <SpaceBetween size="s">
        <FormField label={T.topN}>
          <Select
            selectedOption={options.find((o) => o.value === String(topN)) ?? null}
            options={options}
            onChange={(e) => setTopN(Number(e.detail.selectedOption.value))}
          />
        </FormField>
        {shown.length === 0 ? (
          <Box color="text-body-secondary">{T.none}</Box>
        ) : (
          <ul className={styles.topics} aria-label={T.topics}>
            {shown.map((t) => (
              <li key={t.label}>
                <bdi dir="auto" className={styles.topicLabel}>
                  {t.label}
                </bdi>
                <span className={styles.topicTrack}>
                  <span
                    className={`${styles.topicBar} ${TOPIC_SHADES[topicShade(t.count, max)]}`}
                    style={{ inlineSize: `${(t.count / max) * 100}%` }}
                  />
                </span>
                <span className={styles.topicCount}>{t.count}</span>
              </li>
            ))}
          </ul>
        )}
      </SpaceBetween>
    </Card>
  );
}

function KeywordCloud({ keywords }: { keywords: readonly LabelCount[] }) {
  const max = Math.max(0, ...keywords.map((k) => k.count));
  if (keywords.length === 0) return <Box color="text-body-secondary">{T.none}</Box>;
  return (
    <ul className={styles.cloud} aria-label={T.keywords}>
      {keywords.map((k) => {
        const s = keywordStyle(k.count, max);
        return (
          <li
            key={k.label}
            style={{ fontSize: `${s.fontRem}rem`, opacity: s.opacity }}
            title={`${k.label}: ${k.count}`}
          >
            <bdi dir="auto">{k.label}</bdi>
          </li>
        );
      })}
    </ul>
  );
}

function ToxicityHeatmap({ days }: { days: Insights['toxicity'] }) {
  const warned = days.filter((d) => d.warning);
  return (
    <Card title={T.toxicity}>
      <SpaceBetween size="s">
        {warned.length > 0 && (
          <Alert type="warning">
            {T.toxicityWarning} ({warned.map((d) => shortDay(d.date)).join(', ')})
          </Alert>
        )}
        <ul className={styles.heatmap} aria-label={T.toxicity}>
          {days.map((d) => (
            <li
              key={d.date}
              className={d.average === null ? styles.toxNone : TOXICITY_CLASS[d.tier]}
              title={`${shortDay(d.date)}: ${d.average === null ? T.none : roundTo(d.average, 2)}`}
              aria-label={`${shortDay(d.date)}: ${d.average === null ? T.none : `${roundTo(d.average, 2)} (${T.tiers[d.tier]})`}`}
            />
          ))}
        </ul>
        <ChartTable
          label={T.toxicity}
          toggle={T.tableAlternative}
          rows={days.filter((d) => d.average !== null)}
          columns={[
            { id: 'date', header: T.date, cell: (r) => shortDay(r.date) },
            { id: 'avg', header: T.average, cell: (r) => roundTo(r.average ?? 0, 2) },
            { id: 'tier', header: T.tier, cell: (r) => T.tiers[r.tier] },
          ]}
        />
      </SpaceBetween>
    </Card>
  );
}

/** The S2 §2.5 charts over one window (all but the cluster scatter), each with a table. Loaded on demand (chart code). */
/** Message volume per day. */
export function VolumeCard({ data }: { data: Insights }) {
  return (
    <Card title={T.volume}>
      <AreaChart
        series={[{ title: T.messages, type: 'area', data: data.volume.map((v) => ({ x: utcDay(v.date), y: v.count })) }]}
        xScaleType="time"
        xTickFormatter={short}
        height={200}
        hideFilter
        hideLegend
        ariaLabel={T.volume}
        empty={T.none}
      />
      <ChartTable
        label={T.volume}
        toggle={T.tableAlternative}
        rows={data.volume}
        columns={[
          { id: 'date', header: T.date, cell: (r) => shortDay(r.date) },
          { id: 'count', header: T.messages, cell: (r) => r.count },
        ]}
      />
    </Card>
  );
}

/** Average sentiment per day, with the label counts as its table. */
export function SentimentCard({ data }: { data: Insights }) {
  const avg = data.sentiment.average;
  return (
    <Card
      title={T.sentiment}
      {...(avg !== null ? { description: T.sentimentAverage(`${roundTo(avg, 2).toFixed(2)} (${sentimentLabel(avg)})`) } : {})}
    >
      <BarChart
        series={[
          {
            title: T.average,
            type: 'bar',
            data: data.sentiment.by_day
              .filter((d) => d.average !== null)
              .map((d) => ({ x: shortDay(d.date), y: roundTo(d.average ?? 0, 2) })),
          },
        ]}
        xScaleType="categorical"
        yDomain={[...SENTIMENT_AXIS]}
        height={200}
        hideFilter
        hideLegend
        ariaLabel={T.sentiment}
        empty={T.none}
      />
      <ChartTable
        label={T.sentiment}
        toggle={T.tableAlternative}
        rows={(['Positive', 'Neutral', 'Negative'] as const).map((label) => ({
          label,
          count: data.sentiment.labels[label],
        }))}
        columns={labelCountColumns}
      />
    </Card>
  );
}

/** The emotions donut. */
export function EmotionDonut({ data }: { data: Insights }) {
  return <Donut title={T.emotions} data={data.emotions.map((e) => ({ label: e.emotion, count: e.count }))} />;
}

/** The urgency donut with the overall level inside. */
export function UrgencyDonut({ data }: { data: Insights }) {
  return (
    <Donut
      title={T.urgency}
      data={(['high', 'medium', 'low'] as const).map((u) => ({ label: T.urgencyLevels[u], count: data.urgency[u] }))}
      inner={T.urgencyLevels[data.urgency.overall]}
      innerLabel={T.overallUrgency}
    />
  );
}

/** The intents donut. */
export function IntentDonut({ data }: { data: Insights }) {
  return <Donut title={T.intents} data={data.intents} />;
}

/** The keyword cloud with its table. */
export function KeywordCard({ data }: { data: Insights }) {
  return (
    <Card title={T.keywords}>
      <KeywordCloud keywords={data.keywords} />
      <ChartTable label={T.keywords} toggle={T.tableAlternative} rows={data.keywords} columns={labelCountColumns} />
    </Card>
  );
}

/** Messages per local hour of the community's zone. */
export function ActivityCard({ data }: { data: Insights }) {
  return (
    <Card title={T.activityHours} description={T.activityHoursHint(data.time_zone)}>
      <HourBars hours={data.activity_hours} label={T.activityHours} />
      <ChartTable
        label={T.activityHours}
        toggle={T.tableAlternative}
        rows={data.activity_hours}
        columns={[
          { id: 'hour', header: T.hour, cell: (r) => hourLabel(r.hour) },
          { id: 'count', header: T.messages, cell: (r) => r.count },
        ]}
      />
    </Card>
  );
}

export { TopicBars, ToxicityHeatmap };

export const HALF = [{ colspan: { default: 12, m: 6 } }, { colspan: { default: 12, m: 6 } }];
export const THIRD = [
  { colspan: { default: 12, m: 4 } },
  { colspan: { default: 12, m: 4 } },
  { colspan: { default: 12, m: 4 } },
];

/** The nine charts of S2 §2.5 (and activity by hour). */
export default function AnalyticsCharts({ data }: { data: Insights }) {
  return (
    <SpaceBetween size="l">
      <Grid gridDefinition={HALF}>
        <VolumeCard data={data} />
        <SentimentCard data={data} />
      </Grid>
      <Grid gridDefinition={THIRD}>
        <EmotionDonut data={data} />
        <UrgencyDonut data={data} />
        <IntentDonut data={data} />
      </Grid>
      <Grid gridDefinition={HALF}>
        <TopicBars topics={data.topics} />
        <KeywordCard data={data} />
      </Grid>
      <Grid gridDefinition={HALF}>
        <ToxicityHeatmap days={data.toxicity} />
        <ActivityCard data={data} />
      </Grid>
    </SpaceBetween>
  );
}
