import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { InstallInstructions } from '../../pwa/install-instructions';
import { pwaText as T } from '../../pwa/pwa-text';
import { useInstallApp } from '../../pwa/use-install-app';
import { usePwa } from '../../pwa/use-pwa';

/**
 * The App tab's Mobile App Installation card (S2 §2.4, §4): nothing to do when the app already runs
 * installed; otherwise 'Install App' when the browser offers install, else 'Install Instructions',
 * which opens the per-platform steps.
 */
export function AppInstallCard() {
  const { standalone, canInstall, installed } = usePwa();
  const installApp = useInstallApp();
  const [instructions, setInstructions] = useState(false);
  return (
    <Container header={<Header variant="h2" description={T.appCardBody}>{T.appCardTitle}</Header>}>
      {standalone || installed ? (
        <Box>{T.runningInstalled}</Box>
      ) : (
        <SpaceBetween size="s">
          {canInstall ? (
            <Button variant="primary" iconName="download" onClick={() => void installApp()}>
              {T.installApp}
            </Button>
          ) : (
            <Button iconName="status-info" onClick={() => setInstructions(true)}>
              {T.installInstructions}
            </Button>
          )}
        </SpaceBetween>
      )}
      {instructions && <InstallInstructions visible onClose={() => setInstructions(false)} />}
    </Container>
  );
}
