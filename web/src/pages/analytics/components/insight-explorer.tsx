import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import Tabs from '@cloudscape-design/components/tabs';
import { CLUSTERS_TOP, type LabelCount, type TopicCluster, type TopicClusters } from '@kehila/shared';
import { AppLink } from '../../../components/app-link';
import { ChartTable } from '../../../components/charts/chart-table';
import { ANALYTICS_TEXTS as T } from '../analytics-texts';
import { useClusters, useGenerateClusters } from '../use-clusters';
import styles from './insight-explorer.module.scss';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** The Topic Clusters tab: each cluster with its size, label, keywords and examples linking to Messages. */
function ClusterCards({ clusters }: { clusters: readonly TopicCluster[] }) {
  return (
    <Cards
      ariaLabels={{ itemSelectionLabel: () => '', selectionGroupLabel: T.explorerTabs.topics }}
      cardsPerRow={[{ cards: 1 }, { minWidth: 600, cards: 2 }, { minWidth: 1000, cards: 3 }]}
      items={[...clusters]}
      trackBy={(c) => String(c.id)}
      cardDefinition={{
        header: (c) => (
          <span dir="auto" className={styles.clusterTitle}>
            <span className={`${styles.swatch} ${styles[`c${c.id % CLUSTERS_TOP}`] ?? ''}`} aria-hidden="true" />
            {c.label}
          </span>
        ),
        sections: [
          { id: 'size', content: (c) => <Box color="text-body-secondary">{T.clusterSize(c.size)}</Box> },
          {
            id: 'keywords',
            content: (c) =>
              c.keywords.length > 0 ? (
                <span className={styles.keywords}>
                  {c.keywords.map((k) => (
                    <Badge key={k}>
                      <bdi>{k}</bdi>
                    </Badge>
                  ))}
                </span>
              ) : (
                <Box color="text-body-secondary">{T.noKeywords}</Box>
              ),
          },
          {
            id: 'examples',
            header: T.examples,
            content: (c) => (
              <ul className={styles.examples}>
                {c.examples.map((e) => (
                  <li key={e.msg_id}>
                    <span dir="auto" className={styles.exampleText}>
                      {e.text}
                    </span>{' '}
                    <AppLink to={`/messages?id=${encodeURIComponent(e.msg_id)}`} ariaLabel={`${T.openMessage}: ${e.text.slice(0, 60)}`}>
                      {T.openMessage}
                    </AppLink>
                  </li>
                ))}
              </ul>
            ),
          },
        ],
      }}
    />
  );
}

/** Share of messages, 0 decimals. */
const percent = (n: number, total: number) => (total > 0 ? `${Math.round((n / total) * 100)}%` : '0%');

/** The Keywords tab: the period's top keywords from the aggregates. */
function KeywordTable({ keywords, total }: { keywords: readonly LabelCount[]; total: number }) {
  return (
    <Table
      variant="embedded"
      ariaLabels={{ tableLabel: T.keywords }}
      items={[...keywords]}
      columnDefinitions={[
        { id: 'keyword', header: T.keyword, cell: (k) => <bdi>{k.label}</bdi> },
        { id: 'count', header: T.messages, cell: (k) => k.count },
        { id: 'share', header: T.share, cell: (k) => percent(k.count, total) },
      ]}
      empty={<Box color="text-body-secondary">{T.none}</Box>}
      wrapLines
    />
  );
}

const MAP = { width: 400, height: 280, pad: 14 };

/**
 * The Semantic Mapping tab: the messages of the largest clusters on the 2-D map (S2 §9: top 15), a
 * legend, and the clusters as a table.
 */
export function SemanticMap({ result }: { result: TopicClusters }) {
  const top = result.clusters.slice(0, CLUSTERS_TOP);
  const points = result.points.filter((p) => p.cluster < CLUSTERS_TOP);
  const xs = [...points.map((p) => p.x), ...top.map((c) => c.x)];
  const ys = [...points.map((p) => p.y), ...top.map((c) => c.y)];
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const sx = (x: number) => MAP.pad + ((x - minX) / (maxX - minX || 1)) * (MAP.width - 2 * MAP.pad);
  // screen y grows downwards
  const sy = (y: number) => MAP.height - MAP.pad - ((y - minY) / (maxY - minY || 1)) * (MAP.height - 2 * MAP.pad);
  const colour = (c: number) => styles[`c${c % CLUSTERS_TOP}`] ?? '';
  return (
    <SpaceBetween size="s">
      <Box color="text-body-secondary" fontSize="body-s">
        {T.mapHint}
      </Box>
      <figure className={styles.map}>
        <svg viewBox={`0 0 ${MAP.width} ${MAP.height}`} role="img" aria-label={T.mapLabel(top.length)} className={styles.svg}>
          <title>{T.mapLabel(top.length)}</title>
          {points.map((p, i) => (
            <circle key={i} cx={sx(p.x)} cy={sy(p.y)} r={3.5} className={`${styles.point} ${colour(p.cluster)}`} />
          ))}
          {top.map((c) => (
            <circle key={`c${c.id}`} cx={sx(c.x)} cy={sy(c.y)} r={7} className={`${styles.centre} ${colour(c.id)}`}>
              <title>{T.mapPoint(c.label, c.size)}</title>
            </circle>
          ))}
        </svg>
        <figcaption>
          <ul className={styles.legend}>
            {top.map((c) => (
              <li key={c.id}>
                <span className={`${styles.swatch} ${colour(c.id)}`} aria-hidden="true" />
                <bdi>{c.label}</bdi> <Box variant="span" color="text-body-secondary">({c.size})</Box>
              </li>
            ))}
          </ul>
        </figcaption>
      </figure>
      <ChartTable
        label={T.explorerTabs.clustering}
        toggle={T.tableAlternative}
        rows={top}
        columns={[
          { id: 'label', header: T.cluster, cell: (c) => c.label },
          { id: 'size', header: T.messages, cell: (c) => c.size },
          { id: 'xy', header: T.coordinates, cell: (c) => `${c.x.toFixed(2)}, ${c.y.toFixed(2)}` },
        ]}
      />
    </SpaceBetween>
  );
}

/**
 * The AI Insight Explorer (S2 §2.5): Topic Clusters, Keywords and Semantic Mapping of the last
 * `days` days. Clusters are read from the server (stored per period) and generated on demand;
 * keywords come from the analytics aggregates already loaded.
 */
export function InsightExplorer({
  communityId,
  days,
  keywords,
  totalMessages,
}: {
  communityId: string;
  days: number;
  keywords: readonly LabelCount[];
  totalMessages: number;
}) {
  const [tab, setTab] = useState('topics');
  const clusters = useClusters(communityId, days);
  const generate = useGenerateClusters(communityId, days);
  const result = clusters.data?.result ?? null;

  const clustersBody = (render: (r: TopicClusters) => React.ReactNode) => {
    if (clusters.isPending) return <StatusIndicator type="loading">{T.loadingClusters}</StatusIndicator>;
    if (clusters.isError)
      return (
        <Alert
          type="error"
          header={T.clustersFetchFailed}
          action={<Button onClick={() => void clusters.refetch()}>{T.retry}</Button>}
        >
          {clusters.error.message}
        </Alert>
      );
    if (!result)
      return (
        <Box textAlign="center" padding="l">
          <Box variant="h3">{T.noClustersTitle}</Box>
          <Box color="text-body-secondary" padding={{ bottom: 's' }}>
            {T.noClustersBody(days)}
          </Box>
          <Button variant="primary" loading={generate.isPending} onClick={() => generate.mutate()}>
            {T.generateClusters}
          </Button>
        </Box>
      );
    if (result.clusters.length === 0)
      return (
        <Box textAlign="center" padding="l">
          <Box variant="h3">{T.noEmbeddedTitle}</Box>
          <Box color="text-body-secondary">{T.noEmbeddedBody(days)}</Box>
        </Box>
      );
    return render(result);
  };

  return (
    <Container
      header={
        <Header
          variant="h2"
          description={
            result
              ? T.clustersMeta(result.message_count, when(result.created_at), result.provider)
              : T.explorerDescription
          }
          actions={
            result ? (
              <Button iconName="refresh" loading={generate.isPending} onClick={() => generate.mutate()}>
                {generate.isPending ? T.generatingClusters : T.regenerateClusters}
              </Button>
            ) : undefined
          }
        >
          {T.insightExplorer}
        </Header>
      }
    >
      <SpaceBetween size="m">
        {generate.isError && (
          <Alert type="error" header={T.clustersGenerateFailed} dismissible onDismiss={() => generate.reset()}>
            {generate.error.message}
          </Alert>
        )}
        <Tabs
          activeTabId={tab}
          onChange={(e) => setTab(e.detail.activeTabId)}
          ariaLabel={T.insightExplorer}
          tabs={[
            {
              id: 'topics',
              label: T.explorerTabs.topics,
              content: clustersBody((r) => <ClusterCards clusters={r.clusters} />),
            },
            {
              id: 'keywords',
              label: T.explorerTabs.keywords,
              content: <KeywordTable keywords={keywords} total={totalMessages} />,
            },
            {
              id: 'clustering',
              label: T.explorerTabs.clustering,
              content: clustersBody((r) => <SemanticMap result={r} />),
            },
          ]}
        />
      </SpaceBetween>
    </Container>
  );
}
