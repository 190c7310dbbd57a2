import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useToast } from '../components/toast/use-toast';
import { applyUpdate, dismissInstallCard, dismissUpdate } from './pwa-store';
import { pwaText as T } from './pwa-text';
import { useInstallApp } from './use-install-app';
import styles from './prompt-cards.module.css';

/** The install card and the update-available card (S3 §4), fixed at the bottom of every screen. */
export default function PromptCards({ install, update }: { install: boolean; update: boolean }) {
  const toast = useToast();
  const installApp = useInstallApp();
  return (
    <div className={styles.stack}>
      {update && (
        <section className={styles.card} aria-label={T.updateTitle}>
          <Container
            header={
              <Header variant="h3" description={T.updateBody}>
                {T.updateTitle}
              </Header>
            }
            footer={
              <Box float="right">
                <SpaceBetween direction="horizontal" size="xs">
                  <Button
                    onClick={() => {
                      dismissUpdate();
                      toast.info(T.updateDismissed);
                    }}
                  >
                    {T.later}
                  </Button>
                  <Button
                    variant="primary"
                    onClick={() => {
                      toast.success(T.updateApplied);
                      applyUpdate();
                    }}
                  >
                    {T.updateNow}
                  </Button>
                </SpaceBetween>
              </Box>
            }
          />
        </section>
      )}
      {install && (
        <section className={styles.card} aria-label={T.installTitle}>
          <Container
            header={
              <Header variant="h3" description={T.installBody}>
                {T.installTitle}
              </Header>
            }
            footer={
              <Box float="right">
                <SpaceBetween direction="horizontal" size="xs">
                  <Button onClick={dismissInstallCard}>{T.notNow}</Button>
                  <Button variant="primary" onClick={() => void installApp()}>
                    {T.installApp}
                  </Button>
                </SpaceBetween>
              </Box>
            }
          />
        </section>
      )}
    </div>
  );
}
