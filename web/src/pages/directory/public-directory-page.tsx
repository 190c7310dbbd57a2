import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { DIRECTORY_EXPIRY_WARNING_DAYS } from '@kehila/shared/constants';
import type { PublicDirectoryMember } from '@kehila/shared/schemas/directory';
import { ApiRequestError } from '../../api/client';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';
import { PublicPage } from '../../components/public-page';
import { LoadingScreen } from '../../components/loading-screen';
import { DIRECTORY_TEXTS as T } from './directory-texts';

const DAY_MS = 86_400_000;

const fullName = (m: PublicDirectoryMember) => [m.first_name, m.last_name].filter(Boolean).join(' ');
const initials = (m: PublicDirectoryMember) =>
  [m.first_name, m.last_name]
    .map((p) => p?.trim()[0] ?? '')
    .join('')
    .toUpperCase() || '?';
const telOf = (m: PublicDirectoryMember) => `tel:${m.country_code ?? ''}${(m.phone ?? '').replace(/[^\d]/g, '')}`;

/** S3 §5: the search matches name, company, job role and phone, case-insensitively. */
export function matchesDirectorySearch(m: PublicDirectoryMember, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [fullName(m), m.company, m.job_role, m.phone].some((v) => v?.toLowerCase().includes(q));
}

/** Whole days until the link expires (rounded up), for the expiry banner. */
export function daysLeft(expiresAt: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / DAY_MS));
}

function AccessError({ message }: { message: string }) {
  return (
    <PublicPage narrow>
      <Box textAlign="center" padding={{ vertical: 'xxl' }}>
        <SpaceBetween size="m">
          <Box variant="h1">{T.accessError}</Box>
          <Box color="text-status-error">{message}</Box>
          <Button href="/" variant="primary">
            {T.goHome}
          </Button>
        </SpaceBetween>
      </Box>
    </PublicPage>
  );
}

function LinkedInButton({ m }: { m: PublicDirectoryMember }) {
  if (!m.linkedin_profile_url) return null;
  return (
    <Button href={m.linkedin_profile_url} target="_blank" iconName="external" iconAlign="right">
      {T.linkedIn}
    </Button>
  );
}

/** The public member directory (S3 §2): anyone with a valid, unexpired link; read-only. */
export default function PublicDirectoryPage() {
  const { token = '' } = useParams();
  const callApi = useCallApi();
  const [query, setQuery] = useState('');
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const directory = useQuery({
    queryKey: ['public-directory', token],
    queryFn: ({ signal }) => callApi(routes.getPublicDirectory, { params: { token }, signal }),
    enabled: token !== '',
    retry: false,
    refetchOnWindowFocus: false,
  });
  const members = useMemo(
    () => (directory.data?.members ?? []).filter((m) => matchesDirectorySearch(m, query)),
    [directory.data, query],
  );

  if (!token) return <AccessError message={T.invalidLink} />;
  if (directory.isPending) return <LoadingScreen />;
  if (directory.isError) {
    const e = directory.error;
    const message =
      e instanceof ApiRequestError && e.status === 404
        ? T.invalidOrExpired
        : e instanceof ApiRequestError && e.status > 0
          ? T.unableToLoad
          : T.loadError;
    return <AccessError message={message} />;
  }
  const { info } = directory.data;
  const left = daysLeft(info.expiresAt);
  const empty = (
    <Box textAlign="center" padding="l">
      <b>{T.noMembers}</b>
      <Box color="text-body-secondary">{query ? T.tryAdjusting : T.emptyDirectory}</Box>
    </Box>
  );

  return (
    <PublicPage>
      <SpaceBetween size="l">
        <Header variant="h1" description={`${T.memberCount(directory.data.members.length)} · ${info.linkName}`}>
          {T.title(info.communityName)}
        </Header>
        {left <= DIRECTORY_EXPIRY_WARNING_DAYS && <Alert type="warning">{T.expiresIn(left)}</Alert>}
        <SpaceBetween size="s" direction="horizontal" alignItems="center">
          <TextFilter
            filteringText={query}
            filteringPlaceholder={T.searchPlaceholder}
            filteringAriaLabel={T.searchPlaceholder}
            countText={query ? T.memberCount(members.length) : ''}
            onChange={({ detail }) => setQuery(detail.filteringText)}
          />
          <SegmentedControl
            selectedId={view}
            label="View"
            options={[
              { id: 'grid', text: T.grid, iconName: 'view-full' },
              { id: 'list', text: T.list, iconName: 'menu' },
            ]}
            onChange={({ detail }) => setView(detail.selectedId as 'grid' | 'list')}
          />
        </SpaceBetween>
        {view === 'grid' ? (
          <Cards
            items={members}
            trackBy="id"
            empty={empty}
            cardsPerRow={[{ cards: 1 }, { minWidth: 600, cards: 2 }, { minWidth: 960, cards: 3 }]}
            cardDefinition={{
              header: (m) => (
                <SpaceBetween size="xs" direction="horizontal" alignItems="center">
                  <span aria-hidden="true" data-testid="directory-initials">
                    {initials(m)}
                  </span>
                  <span data-testid="directory-member-name">{fullName(m)}</span>
                  {m.role === 'Admin' && <Badge color="blue">{T.admin}</Badge>}
                </SpaceBetween>
              ),
              sections: [
                { id: 'job', content: (m) => m.job_role },
                { id: 'company', content: (m) => m.company },
                { id: 'phone', content: (m) => (m.phone ? <a href={telOf(m)}>{m.phone}</a> : null) },
                { id: 'location', content: (m) => m.location },
                { id: 'linkedin', content: (m) => <LinkedInButton m={m} /> },
              ],
            }}
          />
        ) : (
          <Table
            items={members}
            trackBy="id"
            empty={empty}
            variant="embedded"
            columnDefinitions={[
              {
                id: 'name',
                header: 'Name',
                cell: (m) => <span data-testid="directory-member-name">{fullName(m)}</span>,
              },
              { id: 'job', header: 'Job role', cell: (m) => m.job_role ?? '' },
              { id: 'company', header: 'Company', cell: (m) => m.company ?? '' },
              { id: 'phone', header: 'Phone', cell: (m) => (m.phone ? <a href={telOf(m)}>{m.phone}</a> : '') },
              { id: 'location', header: 'Location', cell: (m) => m.location ?? '' },
              { id: 'linkedin', header: 'LinkedIn', cell: (m) => <LinkedInButton m={m} /> },
            ]}
          />
        )}
        <Box textAlign="center" color="text-body-secondary" fontSize="body-s">
          {T.footer}
        </Box>
      </SpaceBetween>
    </PublicPage>
  );
}
