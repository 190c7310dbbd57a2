import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { completenessScore, missingBasicFields, type Community } from '@kehila/shared';
import { CommunityInfoForm } from '../info/community-info-form';
import { communityInfoText as T } from '../info/community-info-text';

function Part({ title, body, done }: { title: string; body: string; done: boolean }) {
  return (
    <Container header={<Header variant="h3">{title}</Header>}>
      <SpaceBetween size="xs">
        <Box color="text-body-secondary">{body}</Box>
        <StatusIndicator type={done ? 'success' : 'warning'}>{done ? T.complete : T.missing}</StatusIndicator>
      </SpaceBetween>
    </Container>
  );
}

/**
 * The setup screen for admins whose community information is incomplete (S1 §2 "Setup warning"): the
 * progress percent and the three parts (Basic Info, Contact Info, Business Focus) with Start Setup
 * and Skip for Now; Start Setup opens the form, with Back and Check Progress (reloads the page).
 */
export function SetupScreen({
  community,
  onSkip,
  onSaved,
}: {
  community: Community;
  onSkip: () => void;
  onSaved: (community: Community) => void;
}) {
  const [screen, setScreen] = useState<'warning' | 'form'>('warning');
  const percent = completenessScore(community);

  if (screen === 'form') {
    return (
      <Container
        header={
          <Header
            variant="h1"
            actions={
              <SpaceBetween size="xs" direction="horizontal">
                <Button iconName="arrow-left" onClick={() => setScreen('warning')}>
                  {T.back}
                </Button>
                <Button iconName="refresh" onClick={() => window.location.reload()}>
                  {T.checkProgress}
                </Button>
              </SpaceBetween>
            }
          >
            {T.setupTitle}
          </Header>
        }
      >
        <CommunityInfoForm community={community} onSaved={onSaved} />
      </Container>
    );
  }

  return (
    <Container
      header={
        <Header variant="h1" description={T.setupIntro}>
          {T.setupTitle}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <ProgressBar value={percent} label={T.setupProgress} />
        <ColumnLayout columns={3}>
          <Part title={T.basicInfoCard} body={T.basicInfoCardBody} done={missingBasicFields(community).length === 0} />
          <Part title={T.contactInfoCard} body={T.contactInfoCardBody} done={Boolean(community.admin_phone?.trim())} />
          <Part title={T.businessFocusCard} body={T.businessFocusCardBody} done={community.business_focus.length > 0} />
        </ColumnLayout>
        <SpaceBetween size="xs" direction="horizontal" alignItems="center">
          <Button variant="primary" onClick={() => setScreen('form')}>
            {T.startSetup}
          </Button>
          <Button onClick={onSkip}>{T.skip}</Button>
          <Box color="text-body-secondary" fontSize="body-s">
            {T.startSetupHint}
          </Box>
        </SpaceBetween>
      </SpaceBetween>
    </Container>
  );
}
