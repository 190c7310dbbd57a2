import type { ReactNode } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';

/**
 * The honest panel a route shows until its screen is built: it names the screen and says plainly that
 * nothing here works yet. Later work replaces the page that renders it.
 */
export function NotBuiltYet({ screen, actions }: { screen: string; actions?: ReactNode }) {
  return (
    <Container header={<Header variant="h1">{screen}</Header>}>
      <SpaceBetween size="m">
        <Alert type="info" header="Not built yet">
          The {screen} screen has not been built yet, so there is nothing to use here for now.
        </Alert>
        {actions}
      </SpaceBetween>
    </Container>
  );
}
