import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { SETTINGS_TABS } from '@kehila/shared';
import { paths } from '../../navigation/paths';
import { ConnectGroupFlow } from '../../communities/connect/connect-group-flow';
import { useCurrentCommunity } from '../../communities/current-community';
import { AppInstallCard } from './app-install-card';
import { AppearanceTab } from './appearance-tab';
import { CommunityTab } from './community-tab';
import { DebuggingTab } from './debugging-tab';
import { ProfileTab } from './profile-tab';
import { settingsText as T } from './settings-text';
import { YourAccount } from './your-account';
import { YourData } from './your-data';
import styles from './settings.module.css';

type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The footer card (S2 §2.4): the legal pages, opened in a new tab. */
function LegalFooter() {
  return (
    <Container header={<Header variant="h3">{T.legal}</Header>}>
      <div className={styles.footerLinks}>
        <Link href={paths.privacy} external>
          {T.privacy}
        </Link>
        <Link href={paths.terms} external>
          {T.terms}
        </Link>
      </div>
    </Container>
  );
}

/**
 * /settings (S2 §2.4): tabs profile, community, appearance, app, debugging (the tab is kept in
 * `?tab=`), and the legal footer. Before the selected community has its group, only the connect flow
 * shows.
 */
export default function SettingsPage() {
  const { community } = useCurrentCommunity();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: SettingsTab = SETTINGS_TABS.includes(requested as SettingsTab) ? (requested as SettingsTab) : 'profile';

  if (community && !community.group_id) {
    return <ConnectGroupFlow key={community.community_id} communityId={community.community_id} />;
  }

  const content: Record<SettingsTab, ReactNode> = {
    profile: <ProfileTab />,
    community: <CommunityTab />,
    appearance: <AppearanceTab />,
    app: <AppInstallCard />,
    debugging: <DebuggingTab />,
  };

  return (
    <ContentLayout header={<Header variant="h1">{T.title}</Header>}>
      <SpaceBetween size="l">
        <Tabs
          activeTabId={tab}
          onChange={({ detail }) => setSearch({ tab: detail.activeTabId }, { replace: true })}
          tabs={SETTINGS_TABS.map((id) => ({ id, label: T.tabs[id], content: content[id] }))}
        />
        <YourData />
        <YourAccount />
        <LegalFooter />
      </SpaceBetween>
    </ContentLayout>
  );
}
