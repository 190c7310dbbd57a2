import { useMemo, useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Tabs from '@cloudscape-design/components/tabs';
import * as tokens from '@cloudscape-design/design-tokens';
import {
  bulkEnrichmentCostUsd,
  enrichmentStateOf,
  HIGH_REVENUE_SCORE_ABOVE,
  needsEnrichment,
  SKILL_BADGES_SHOWN,
  TOP_REVENUE_MEMBERS_LIMIT,
  type EnrichmentMember,
} from '@kehila/shared';
import { useToast } from '../../../components/toast/use-toast';
import { BI_TEXTS } from '../bi-texts';
import { isWorking, useEnrichmentActions, useEnrichmentPanel } from '../use-enrichment';

const T = BI_TEXTS.linkedin;
type PanelTab = keyof typeof T.tabs;

const STATE_COLOR = { enriched: 'green', pending: 'blue', no_linkedin: 'grey' } as const;

/** The LinkedIn Enrichment panel of the BI screen (S3 §2): profiles, revenue and bulk tabs; admins only (server enforced). */
export function LinkedInPanel({ communityId, isAdmin }: { communityId: string; isAdmin: boolean }) {
  const [tab, setTab] = useState<PanelTab>('profiles');
  const toast = useToast();
  const panel = useEnrichmentPanel(communityId, isAdmin);
  const job = panel.data?.job ?? null;
  const actions = useEnrichmentActions(communityId, job);
  const members = useMemo(() => panel.data?.members ?? [], [panel.data]);
  const busy = isWorking(job) || actions.one.isPending || actions.many.isPending;
  const pending = members.filter(needsEnrichment);

  if (!isAdmin) {
    return (
      <Container header={<Header variant="h2">{T.title}</Header>}>
        <Box color="text-body-secondary">{T.adminsOnly}</Box>
      </Container>
    );
  }
  if (panel.isError) {
    return (
      <Alert type="error" header={T.loadFailed}>
        {panel.error.message}
      </Alert>
    );
  }
  // S3 §5: Enrich All takes only members with a LinkedIn URL and no enrichment date
  const enrichAll = () => {
    if (pending.length === 0) toast.info(T.noneNeeded);
    else actions.many.mutate({ memberIds: pending.map((m) => m.id), onlyPending: true });
  };
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={panel.data?.provider === 'fixtures' ? T.providerFixtures : T.providerLicensed}
          actions={
            <Button iconName="refresh" disabled={busy} loading={isWorking(job)} onClick={enrichAll}>
              {`${T.enrichAll} (${pending.length})`}
            </Button>
          }
        >
          {T.title}
        </Header>
      }
    >
      <SpaceBetween size="m">
        {isWorking(job) && job && (
          <ProgressBar
            value={job.total > 0 ? Math.round((job.processed / job.total) * 100) : 0}
            label={T.enriching}
            description={T.progress(job.processed, job.total)}
          />
        )}
        {panel.isLoading ? (
          <Spinner />
        ) : (
          <Tabs
            activeTabId={tab}
            onChange={(e) => setTab(e.detail.activeTabId as PanelTab)}
            tabs={[
              {
                id: 'profiles',
                label: T.tabs.profiles,
                content: <ProfilesTab members={members} busy={busy} onEnrich={(id) => actions.one.mutate(id)} />,
              },
              { id: 'revenue', label: T.tabs.revenue, content: <RevenueTab members={members} /> },
              {
                id: 'bulk',
                label: T.tabs.bulk,
                content: (
                  <BulkTab
                    members={members}
                    busy={busy}
                    onEnrich={(ids) =>
                      ids.length === 0
                        ? toast.error(T.selectMembers)
                        : actions.many.mutate({ memberIds: ids, onlyPending: false })
                    }
                  />
                ),
              },
            ]}
          />
        )}
      </SpaceBetween>
    </Container>
  );
}

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((p) => p[0]?.toUpperCase())
      .join('') || '?'
  );
}

/** The member's picture, or their initials in a circle. */
function Avatar({ m }: { m: EnrichmentMember }) {
  const style = {
    inlineSize: 40,
    blockSize: 40,
    borderRadius: '50%',
    flexShrink: 0,
  } as const;
  if (m.profile_picture_url) return <img src={m.profile_picture_url} alt="" style={{ ...style, objectFit: 'cover' }} />;
  return (
    <span
      aria-hidden="true"
      style={{
        ...style,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: tokens.colorBackgroundButtonPrimaryDefault,
        color: tokens.colorTextButtonPrimaryDefault,
        fontWeight: 'bold',
      }}
    >
      {initials(m.name)}
    </span>
  );
}

function StateBadge({ m }: { m: EnrichmentMember }) {
  const state = enrichmentStateOf(m);
  return <Badge color={STATE_COLOR[state]}>{T.badge[state]}</Badge>;
}

/** Decision Maker, High Influence and High Revenue (S3 §2, §9: above 70). */
function SignalBadges({ m }: { m: EnrichmentMember }) {
  const badges = [
    m.decision_authority ? T.decisionMaker : null,
    m.influence_level === 'High' ? T.highInfluence : null,
    (m.revenue_potential_score ?? 0) > HIGH_REVENUE_SCORE_ABOVE ? T.highRevenue : null,
  ].filter((b) => b !== null);
  if (badges.length === 0) return null;
  return (
    <SpaceBetween direction="horizontal" size="xxs">
      {badges.map((b) => (
        <Badge key={b} color="severity-low">
          {b}
        </Badge>
      ))}
    </SpaceBetween>
  );
}

function Skills({ skills }: { skills: readonly string[] }) {
  if (skills.length === 0) return null;
  const shown = skills.slice(0, SKILL_BADGES_SHOWN);
  return (
    <SpaceBetween direction="horizontal" size="xxs">
      {shown.map((s) => (
        <Badge key={s}>{s}</Badge>
      ))}
      {skills.length > shown.length && <Badge>{T.more(skills.length - shown.length)}</Badge>}
    </SpaceBetween>
  );
}

function ProfilesTab({
  members,
  busy,
  onEnrich,
}: {
  members: readonly EnrichmentMember[];
  busy: boolean;
  onEnrich: (memberId: string) => void;
}) {
  return (
    <Cards
      items={members as EnrichmentMember[]}
      trackBy="id"
      cardsPerRow={[{ cards: 1 }, { minWidth: 700, cards: 2 }, { minWidth: 1100, cards: 3 }]}
      empty={<Box color="text-body-secondary">{T.noMembers}</Box>}
      cardDefinition={{
        header: (m) => (
          <div
            data-enrichment-member={m.id}
            style={{ display: 'flex', gap: tokens.spaceScaledS, alignItems: 'center' }}
          >
            <Avatar m={m} />
            <div style={{ minInlineSize: 0 }}>
              <Box variant="h3" tagOverride="span">
                {m.name}
              </Box>
              <Box variant="small" color="text-body-secondary" display="block">
                {m.company ?? T.noCompany}
              </Box>
            </div>
          </div>
        ),
        sections: [
          { id: 'state', content: (m) => <StateBadge m={m} /> },
          {
            id: 'profile',
            content: (m) =>
              m.linkedin_enriched_at ? (
                <SpaceBetween size="xs">
                  <Box>
                    {[m.job_role, m.role_level].filter(Boolean).join(' · ')}
                    {m.linkedin_headline && (
                      <Box variant="small" color="text-body-secondary" display="block">
                        {m.linkedin_headline}
                      </Box>
                    )}
                  </Box>
                  <SignalBadges m={m} />
                  <SpaceBetween direction="horizontal" size="m">
                    {m.estimated_budget_authority !== null && (
                      <span>
                        {T.budget}: <b>{T.budgetK(m.estimated_budget_authority)}</b>
                      </span>
                    )}
                    {m.revenue_potential_score !== null && (
                      <span>
                        {T.revenueScore}: <b>{T.score(m.revenue_potential_score)}</b>
                      </span>
                    )}
                  </SpaceBetween>
                  {m.email && (
                    <Box variant="small" color="text-body-secondary">
                      {m.email}
                    </Box>
                  )}
                  <Skills skills={m.skills} />
                </SpaceBetween>
              ) : null,
          },
          {
            id: 'actions',
            content: (m) => (
              <SpaceBetween direction="horizontal" size="xs">
                {m.linkedin_profile_url && (
                  <Button
                    href={m.linkedin_profile_url}
                    target="_blank"
                    iconName="external"
                    iconAlign="right"
                    ariaLabel={`${T.linkedinButton} ${m.name}`}
                  >
                    {T.linkedinButton}
                  </Button>
                )}
                {m.linkedin_profile_url && (
                  <Button
                    disabled={busy}
                    onClick={() => onEnrich(m.id)}
                    ariaLabel={`${m.linkedin_enriched_at ? T.reEnrich : T.enrich} ${m.name}`}
                  >
                    {m.linkedin_enriched_at ? T.reEnrich : T.enrich}
                  </Button>
                )}
              </SpaceBetween>
            ),
          },
        ],
      }}
    />
  );
}

function RevenueTab({ members }: { members: readonly EnrichmentMember[] }) {
  const ranked = members
    .filter((m) => m.linkedin_enriched_at && m.revenue_potential_score !== null)
    .sort((a, b) => (b.revenue_potential_score ?? 0) - (a.revenue_potential_score ?? 0))
    .slice(0, TOP_REVENUE_MEMBERS_LIMIT);
  return (
    <SpaceBetween size="s">
      <Header variant="h3">{T.topRevenue}</Header>
      {ranked.length === 0 ? (
        <Box textAlign="center" color="text-body-secondary">
          <b>{T.noRevenue}</b>
          <Box variant="p" color="text-body-secondary">
            {T.noRevenueHint}
          </Box>
        </Box>
      ) : (
        <ol style={{ margin: 0, paddingInlineStart: tokens.spaceScaledL }}>
          {ranked.map((m) => (
            <li key={m.id} data-revenue-member={m.id} style={{ paddingBlock: tokens.spaceScaledXs }}>
              <SpaceBetween size="xxs">
                <Box variant="strong">{m.name}</Box>
                <Box variant="small" color="text-body-secondary">
                  {T.roleAt(m.job_role, m.company)}
                </Box>
                <SignalBadges m={m} />
                <SpaceBetween direction="horizontal" size="m">
                  <span>
                    {T.revenueScore}: <b>{T.score(m.revenue_potential_score ?? 0)}</b>
                  </span>
                  {m.estimated_budget_authority !== null && (
                    <span>
                      {T.budget}: <b>{T.budgetK(m.estimated_budget_authority)}</b>
                    </span>
                  )}
                  {m.referral_value !== null && (
                    <span>
                      {T.referralValue}: <b>{T.usd(m.referral_value)}</b>
                    </span>
                  )}
                </SpaceBetween>
              </SpaceBetween>
            </li>
          ))}
        </ol>
      )}
    </SpaceBetween>
  );
}

function BulkTab({
  members,
  busy,
  onEnrich,
}: {
  members: readonly EnrichmentMember[];
  busy: boolean;
  onEnrich: (memberIds: string[]) => void;
}) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const selectable = members.filter((m) => enrichmentStateOf(m) !== 'no_linkedin');
  const chosen = selectable.filter((m) => selected.has(m.id));
  const all = selectable.length > 0 && chosen.length === selectable.length;
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <SpaceBetween size="s">
      <Checkbox
        checked={all}
        indeterminate={chosen.length > 0 && !all}
        disabled={selectable.length === 0}
        onChange={(e) => setSelected(new Set(e.detail.checked ? selectable.map((m) => m.id) : []))}
      >
        {T.selectAll}
      </Checkbox>
      <div
        data-testid="bulk-list"
        style={{
          maxBlockSize: '24rem',
          overflowY: 'auto',
          border: `1px solid ${tokens.colorBorderDividerDefault}`,
          borderRadius: tokens.borderRadiusContainer,
          padding: tokens.spaceScaledS,
        }}
      >
        <SpaceBetween size="xs">
          {members.map((m) => (
            <div
              key={m.id}
              style={{ display: 'flex', gap: tokens.spaceScaledXs, alignItems: 'center', flexWrap: 'wrap' }}
            >
              <Checkbox
                checked={selected.has(m.id)}
                disabled={enrichmentStateOf(m) === 'no_linkedin'}
                onChange={(e) => toggle(m.id, e.detail.checked)}
                ariaLabel={m.name}
              >
                {m.name}
              </Checkbox>
              <StateBadge m={m} />
            </div>
          ))}
        </SpaceBetween>
      </div>
      <Box padding="s" data-testid="bulk-bar">
        <div
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: tokens.spaceScaledM,
            alignItems: 'center',
            justifyContent: 'space-between',
          }}
        >
          <Box variant="strong">{T.selected(chosen.length)}</Box>
          <span>
            {T.estimatedCost}: <b>${bulkEnrichmentCostUsd(chosen.length).toFixed(2)}</b>{' '}
            <Box variant="small" color="text-body-secondary" tagOverride="span">
              ({T.costNote})
            </Box>
          </span>
          <Button variant="primary" disabled={busy} onClick={() => onEnrich(chosen.map((m) => m.id))}>
            {T.enrichSelected}
          </Button>
        </div>
      </Box>
    </SpaceBetween>
  );
}
