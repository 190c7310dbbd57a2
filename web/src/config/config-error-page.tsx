import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { KehilaLogo } from '../components/kehila-logo';

/** Texts of the start-up failure page ('Try Again' as in S1 §8). */
export const configErrorText = {
  title: 'Kehila could not start',
  explanation:
    'The app could not read its settings from the server. Check your connection and try again; if this keeps happening, the deployment is missing its configuration.',
  retry: 'Try Again',
} as const;

/** Shown instead of the app when /config.json cannot be loaded or is not valid. */
export function ConfigErrorPage({ error }: { error: unknown }) {
  return (
    <Box padding={{ vertical: 'xxxl', horizontal: 'l' }}>
      <div style={{ maxWidth: 560, margin: '0 auto' }}>
        <SpaceBetween size="l">
          <KehilaLogo />
          <Alert
            type="error"
            header={configErrorText.title}
            action={<Button onClick={() => window.location.reload()}>{configErrorText.retry}</Button>}
          >
            <SpaceBetween size="xs">
              <span>{configErrorText.explanation}</span>
              <Box variant="small">{error instanceof Error ? error.message : String(error)}</Box>
            </SpaceBetween>
          </Alert>
        </SpaceBetween>
      </div>
    </Box>
  );
}
