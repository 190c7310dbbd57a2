import Grid from '@cloudscape-design/components/grid';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { EnhancedAnalyticsTab, Insights } from '@kehila/shared';
import {
  EmotionDonut,
  HALF,
  IntentDonut,
  KeywordCard,
  SentimentCard,
  TopicBars,
  ToxicityHeatmap,
  UrgencyDonut,
  VolumeCard,
} from '../analytics/components/analytics-charts';

/** The chart tabs of Enhanced Analytics, built from the Analytics screen's own charts (a chunk of their own). */
export default function InsightTabs({
  tab,
  data,
}: {
  tab: Exclude<EnhancedAnalyticsTab, 'ai_insights' | 'members'>;
  data: Insights;
}) {
  if (tab === 'sentiment')
    return (
      <SpaceBetween size="l">
        <Grid gridDefinition={HALF}>
          <SentimentCard data={data} />
          <EmotionDonut data={data} />
        </Grid>
        <ToxicityHeatmap days={data.toxicity} />
      </SpaceBetween>
    );
  if (tab === 'topics')
    return (
      <Grid gridDefinition={HALF}>
        <TopicBars topics={data.topics} />
        <KeywordCard data={data} />
      </Grid>
    );
  return (
    <SpaceBetween size="l">
      <Grid gridDefinition={HALF}>
        <IntentDonut data={data} />
        <UrgencyDonut data={data} />
      </Grid>
      <VolumeCard data={data} />
    </SpaceBetween>
  );
}
