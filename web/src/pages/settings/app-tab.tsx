import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { settingsText as T } from './settings-text';

/**
 * The App tab (S2 §2.4). Its Mobile App Installation card (install prompt and per-platform
 * instructions, S3 §4) belongs to the installable-app work and goes here; until then the tab says
 * only what is true today: the app opens in any phone browser at this address.
 */
export function AppTab() {
  return (
    <Container header={<Header variant="h2">{T.openOnPhone}</Header>}>
      <SpaceBetween size="xs">
        <Box>{T.openOnPhoneBody}</Box>
        <Box variant="code">
          <span dir="ltr">{window.location.origin}</span>
        </Box>
      </SpaceBetween>
    </Container>
  );
}
