import { useQuery } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { HIGH_REVENUE_SCORE_ABOVE, type EnrichmentMember } from '@kehila/shared';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';
import { ENHANCED_TEXTS as T } from './enhanced-texts';

/** How many skills the Member Intelligence tab lists. */
const TOP_SKILLS = 10;

/** The figures of the enriched profiles: counts by the LinkedIn panel's badge rules, and the commonest skills. */
export function profileFigures(members: readonly EnrichmentMember[]) {
  const enriched = members.filter((m) => m.linkedin_enriched_at !== null);
  const skills = new Map<string, number>();
  for (const m of enriched) for (const s of new Set(m.skills)) skills.set(s, (skills.get(s) ?? 0) + 1);
  return {
    members: members.length,
    enriched: enriched.length,
    decisionMakers: enriched.filter((m) => m.decision_authority === true).length,
    highInfluence: enriched.filter((m) => m.influence_level === 'High').length,
    highRevenue: enriched.filter((m) => (m.revenue_potential_score ?? 0) > HIGH_REVENUE_SCORE_ABOVE).length,
    skills: [...skills]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, TOP_SKILLS)
      .map(([skill, count]) => ({ skill, count })),
  };
}

/**
 * Member Intelligence's profile part: the members' enriched LinkedIn profiles (Business Intelligence ›
 * LinkedIn). The enrichment panel is an admin's, so other members are told so instead.
 */
export function ProfileIntelligence({ communityId, isAdmin }: { communityId: string; isAdmin: boolean }) {
  const callApi = useCallApi();
  const panel = useQuery({
    queryKey: ['analytics', communityId, 'profiles'],
    queryFn: ({ signal }) => callApi(routes.getEnrichmentPanel, { params: { communityId }, signal }),
    enabled: isAdmin,
    retry: false,
  });
  if (!isAdmin) return <Alert header={T.profilesTitle}>{T.profilesAdminsOnly}</Alert>;
  if (panel.isPending) return <StatusIndicator type="loading">{T.loading}</StatusIndicator>;
  if (panel.isError) return <Alert header={T.profilesTitle}>{T.profilesUnavailable}</Alert>;
  const f = profileFigures(panel.data.members);
  if (f.enriched === 0) return <Alert header={T.profilesTitle}>{T.profilesBody}</Alert>;
  const stats = [
    { label: T.enrichedProfiles, value: `${f.enriched} / ${f.members}` },
    { label: T.decisionMakers, value: f.decisionMakers },
    { label: T.highInfluence, value: f.highInfluence },
    { label: T.highRevenue, value: f.highRevenue },
  ];
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">{T.profilesTitle}</Header>}>
        <ColumnLayout columns={4} variant="text-grid" minColumnWidth={120}>
          {stats.map((s) => (
            <div key={s.label}>
              <Box variant="awsui-key-label">{s.label}</Box>
              <Box variant="awsui-value-large">{s.value}</Box>
            </div>
          ))}
        </ColumnLayout>
      </Container>
      <Table
        header={<Header variant="h2">{T.topSkills}</Header>}
        ariaLabels={{ tableLabel: T.topSkills }}
        items={f.skills}
        columnDefinitions={[
          { id: 'skill', header: T.skill, cell: (s) => <bdi>{s.skill}</bdi> },
          { id: 'count', header: T.profiles, cell: (s) => s.count },
        ]}
        empty={<Box color="text-body-secondary">{T.noSkills}</Box>}
        wrapLines
      />
    </SpaceBetween>
  );
}
