import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Tabs from '@cloudscape-design/components/tabs';
import {
  OPPORTUNITY_CURRENCY_SYMBOL,
  OPPORTUNITY_SORT_OPTIONS,
  OPPORTUNITY_SOURCE_FILTERS,
  PARTNERSHIP_CURRENCY_SYMBOL,
  type BusinessOpportunity,
  type OpportunitySort,
  type OpportunitySourceFilter,
  type UserCommunity,
} from '@kehila/shared';
import { useCurrentCommunity } from '../../communities/current-community';
import { BI_TEXTS as T } from './bi-texts';
import { memberLabel, money, percent, thousands } from './bi-format';
import { LinkedInPanel } from './components/linkedin-panel';
import { OpportunityCard } from './components/opportunity-card';
import { useBiActions, useBiOverview, useMarketIntelligence, useOpportunities, usePartnerships } from './use-bi';

type TabId = keyof typeof T.tabs;

/** The Business Intelligence screen (/business-intelligence, S3 §2). */
export function BusinessIntelligencePage() {
  const { community, communities, isLoading } = useCurrentCommunity();
  if (community) return <BiWorkspace key={community.community_id} community={community} />;
  return (
    <SpaceBetween size="l">
      <Header variant="h1">{T.title}</Header>
      {isLoading ? (
        <Box>
          <Spinner /> {T.loadingCommunities}
        </Box>
      ) : (
        <Alert type="info">{communities.length === 0 ? T.noMembership : T.selectCommunity}</Alert>
      )}
    </SpaceBetween>
  );
}

function BiWorkspace({ community }: { community: UserCommunity }) {
  const communityId = community.community_id;
  const isAdmin = community.role === 'Admin';
  const [tab, setTab] = useState<TabId>('revenue');
  const overview = useBiOverview(communityId);
  const run = overview.data?.run ?? null;
  const working = run?.status === 'queued' || run?.status === 'running';
  const actions = useBiActions(
    communityId,
    run?.status,
    run ? { n: run.opportunities_found, m: run.matches_found } : null,
  );
  const s = overview.data?.summary;
  const cards = [
    {
      id: 'opportunities',
      label: T.cards.opportunities,
      value: String(s?.total_opportunities ?? 0),
      hint: T.newCount(s?.new_opportunities ?? 0),
    },
    {
      id: 'value',
      label: T.cards.value,
      value: thousands(OPPORTUNITY_CURRENCY_SYMBOL, s?.total_estimated_value ?? 0),
      hint: T.pipeline,
    },
    {
      id: 'partnerships',
      label: T.cards.partnerships,
      value: String(s?.total_partnership_matches ?? 0),
      hint: T.newCount(s?.new_partnership_matches ?? 0),
    },
    { id: 'active', label: T.cards.active, value: String(s?.active_opportunities ?? 0), hint: T.followUp },
  ];
  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button
              variant="primary"
              iconName="gen-ai"
              loading={working || actions.run.isPending}
              disabled={working || actions.run.isPending}
              onClick={() => actions.run.mutate()}
            >
              {working || actions.run.isPending ? T.analyzing : T.runAnalysis}
            </Button>
            <Button
              loading={actions.market.isPending}
              onClick={() => {
                actions.market.mutate();
                setTab('insights');
              }}
            >
              {T.marketIntel}
            </Button>
          </SpaceBetween>
        }
      >
        {T.title}
      </Header>
      {overview.isError && (
        <Alert type="error" header={T.loadFailed}>
          {overview.error.message}
        </Alert>
      )}
      {working && run && (
        <ProgressBar
          value={run.stage === 'partnerships' ? 100 : run.total > 0 ? Math.round((run.processed / run.total) * 100) : 0}
          label={T.analyzing}
          description={run.stage === 'partnerships' ? T.matchingPartners : T.progress(run.processed, run.total)}
        />
      )}
      {run?.ai_provider === 'local' && (
        <Box variant="small" color="text-body-secondary">
          {T.localModel}
        </Box>
      )}
      <ColumnLayout columns={4} variant="text-grid" minColumnWidth={140}>
        {cards.map((c) => (
          <div key={c.id} data-stat={c.id}>
            <Box variant="awsui-key-label">{c.label}</Box>
            <Box variant="awsui-value-large">{c.value}</Box>
            <Box variant="small" color="text-body-secondary">
              {c.hint}
            </Box>
          </div>
        ))}
      </ColumnLayout>
      <Tabs
        activeTabId={tab}
        onChange={(e) => setTab(e.detail.activeTabId as TabId)}
        tabs={[
          {
            id: 'revenue',
            label: T.tabs.revenue,
            content: (
              <RevenueTab communityId={communityId} isAdmin={isAdmin} onDelete={(id) => actions.remove.mutate(id)} />
            ),
          },
          { id: 'partners', label: T.tabs.partners, content: <PartnersTab communityId={communityId} /> },
          {
            id: 'linkedin',
            label: T.tabs.linkedin,
            content: <LinkedInPanel communityId={communityId} isAdmin={isAdmin} />,
          },
          {
            id: 'insights',
            label: T.tabs.insights,
            content: (
              <InsightsTab
                communityId={communityId}
                generating={actions.market.isPending}
                onGenerate={() => actions.market.mutate()}
              />
            ),
          },
        ]}
      />
    </SpaceBetween>
  );
}

const sortOptions = OPPORTUNITY_SORT_OPTIONS.map((v) => ({ value: v, label: T.sortOptions[v] }));
const sourceOptions = OPPORTUNITY_SOURCE_FILTERS.map((v) => ({ value: v, label: T.sourceOptions[v] }));

function RevenueTab({
  communityId,
  isAdmin,
  onDelete,
}: {
  communityId: string;
  isAdmin: boolean;
  onDelete: (id: string) => void;
}) {
  const [sort, setSort] = useState<OpportunitySort>('newest');
  const [source, setSource] = useState<OpportunitySourceFilter>('all');
  const [member, setMember] = useState<BusinessOpportunity | null>(null);
  const [confirm, setConfirm] = useState<BusinessOpportunity | null>(null);
  const list = useOpportunities(communityId, sort, source);
  return (
    <SpaceBetween size="m">
      {isAdmin && (
        <SpaceBetween direction="horizontal" size="s">
          <Select
            inlineLabelText={T.sort}
            selectedOption={sortOptions.find((o) => o.value === sort) ?? null}
            options={sortOptions}
            onChange={({ detail }) => setSort(detail.selectedOption.value as OpportunitySort)}
          />
          <Select
            inlineLabelText={T.source}
            selectedOption={sourceOptions.find((o) => o.value === source) ?? null}
            options={sourceOptions}
            onChange={({ detail }) => setSource(detail.selectedOption.value as OpportunitySourceFilter)}
          />
        </SpaceBetween>
      )}
      {list.isPending ? (
        <Spinner size="large" />
      ) : list.isError ? (
        <Alert type="error" header={T.loadFailed}>
          {list.error.message}
        </Alert>
      ) : list.data.items.length === 0 ? (
        <Box textAlign="center" color="text-body-secondary" padding="l">
          {T.emptyOpportunities}
        </Box>
      ) : (
        list.data.items.map((o) => (
          <OpportunityCard key={o.id} o={o} isAdmin={isAdmin} onMember={setMember} onDelete={setConfirm} />
        ))
      )}
      {member?.member && (
        <Modal
          visible
          onDismiss={() => setMember(null)}
          header={memberLabel(member.member)}
          footer={
            <Box float="right">
              <Button onClick={() => setMember(null)}>{T.close}</Button>
            </Box>
          }
        >
          <SpaceBetween size="s">
            <div>
              <Box variant="awsui-key-label">{T.role}</Box>
              <bdi dir="auto">{member.member.job_role ?? '—'}</bdi>
            </div>
            <div>
              <Box variant="awsui-key-label">{T.company}</Box>
              <bdi dir="auto">{member.member.company ?? '—'}</bdi>
            </div>
            <div>
              <Box variant="awsui-key-label">{T.whyMatched}</Box>
              <bdi dir="auto">{member.metadata.match_reason ?? '—'}</bdi>
            </div>
          </SpaceBetween>
        </Modal>
      )}
      {confirm && (
        <Modal
          visible
          onDismiss={() => setConfirm(null)}
          header={T.deleteTitle}
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" onClick={() => setConfirm(null)}>
                  {T.cancel}
                </Button>
                <Button
                  variant="primary"
                  onClick={() => {
                    onDelete(confirm.id);
                    setConfirm(null);
                  }}
                >
                  {T.delete}
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          {T.deleteBody(confirm.title)}
        </Modal>
      )}
    </SpaceBetween>
  );
}

function PartnersTab({ communityId }: { communityId: string }) {
  const list = usePartnerships(communityId);
  return (
    <Container header={<Header variant="h2">{T.partnersTitle}</Header>}>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <Alert type="error">{list.error.message}</Alert>
      ) : list.data.items.length === 0 ? (
        <Box color="text-body-secondary">{T.noPartners}</Box>
      ) : (
        <SpaceBetween size="m">
          {list.data.items.map((p) => (
            <div key={p.id} data-partnership={p.id}>
              <SpaceBetween size="xxs">
                <Box variant="h4" tagOverride="div">
                  <bdi dir="auto">{memberLabel(p.member_a)}</bdi>
                  {p.member_a.company ? ` (${p.member_a.company})` : ''} +{' '}
                  <bdi dir="auto">{memberLabel(p.member_b)}</bdi>
                  {p.member_b.company ? ` (${p.member_b.company})` : ''}
                </Box>
                <SpaceBetween direction="horizontal" size="xs">
                  <Badge color="green">{T.compatibility(percent(p.compatibility_score))}</Badge>
                  <Badge>{p.opportunity_type.replace(/_/g, ' ')}</Badge>
                  <Badge color={p.status === 'suggested' ? 'grey' : 'blue'}>{p.status}</Badge>
                </SpaceBetween>
                {p.match_reason && (
                  <Box>
                    <bdi dir="auto">{p.match_reason}</bdi>
                  </Box>
                )}
                <Box variant="small">
                  {T.potentialValue}:{' '}
                  {p.estimated_value === null ? T.tbd : money(PARTNERSHIP_CURRENCY_SYMBOL, p.estimated_value)}
                </Box>
              </SpaceBetween>
            </div>
          ))}
        </SpaceBetween>
      )}
    </Container>
  );
}

function InsightsTab({
  communityId,
  generating,
  onGenerate,
}: {
  communityId: string;
  generating: boolean;
  onGenerate: () => void;
}) {
  const market = useMarketIntelligence(communityId);
  const m = market.data?.result ?? null;
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={m ? T.generatedAt(new Date(m.generated_at).toLocaleString()) : undefined}
          actions={
            <Button loading={generating} onClick={onGenerate}>
              {m ? T.refresh : T.generate}
            </Button>
          }
        >
          {T.insightsTitle}
        </Header>
      }
    >
      {market.isPending ? (
        <Spinner />
      ) : market.isError ? (
        <Alert type="error">{market.error.message}</Alert>
      ) : !m ? (
        <Box color="text-body-secondary">{T.noInsights}</Box>
      ) : (
        <SpaceBetween size="l">
          <ColumnLayout columns={3} variant="text-grid" minColumnWidth={120}>
            <div>
              <Box variant="awsui-key-label">{T.totalOpportunities}</Box>
              <Box variant="awsui-value-large">{m.summary.total_opportunities}</Box>
            </div>
            <div>
              <Box variant="awsui-key-label">{T.totalValue}</Box>
              <Box variant="awsui-value-large">{money(PARTNERSHIP_CURRENCY_SYMBOL, m.summary.total_value)}</Box>
            </div>
            <div>
              <Box variant="awsui-key-label">{T.uniqueSkills}</Box>
              <Box variant="awsui-value-large">{m.summary.unique_skills}</Box>
            </div>
          </ColumnLayout>
          <div>
            <Box variant="h3">{T.marketGaps}</Box>
            {m.insights.market_gaps.length === 0 ? (
              <Box color="text-body-secondary">{T.noGaps}</Box>
            ) : (
              <ul style={{ paddingInlineStart: '1.25rem' }}>
                {m.insights.market_gaps.map((g) => (
                  <li key={g.description}>
                    <Badge>{g.gap_type.replace(/_/g, ' ')}</Badge>{' '}
                    <Badge color={g.priority === 'high' ? 'red' : 'grey'}>{`${T.priority}: ${g.priority}`}</Badge>{' '}
                    {g.description}
                    {g.potential_value !== null ? ` — ${money(PARTNERSHIP_CURRENCY_SYMBOL, g.potential_value)}` : ''}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div>
            <Box variant="h3">{T.recommendations}</Box>
            <ul style={{ paddingInlineStart: '1.25rem' }}>
              {m.insights.recommendations.map((r) => (
                <li key={r.title}>
                  <Box variant="strong">{r.title}</Box> — {r.description} <Badge>{`${T.impact}: ${r.impact}`}</Badge>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <Box variant="h3">{T.expertise}</Box>
            {Object.keys(m.insights.expertise_distribution).length === 0 ? (
              <Box color="text-body-secondary">{T.noExpertise}</Box>
            ) : (
              <ul style={{ paddingInlineStart: '1.25rem' }}>
                {Object.entries(m.insights.expertise_distribution).map(([skill, n]) => (
                  <li key={skill}>
                    <bdi dir="auto">{skill}</bdi>: {n}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </SpaceBetween>
      )}
    </Container>
  );
}
