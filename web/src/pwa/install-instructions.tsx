import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import Tabs from '@cloudscape-design/components/tabs';
import { platformOf, pwaText as T, type InstallPlatform } from './pwa-text';

const PLATFORMS: readonly InstallPlatform[] = ['ios', 'android', 'desktop'];

/** The per-platform install instructions (S2 §2.4 App tab), opened on the visitor's own platform. */
export function InstallInstructions({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const [platform, setPlatform] = useState<InstallPlatform>(() =>
    platformOf(navigator.userAgent, navigator.maxTouchPoints),
  );
  return (
    <Modal
      visible={visible}
      onDismiss={onClose}
      header={T.instructionsTitle}
      footer={
        <Box float="right">
          <Button onClick={onClose}>{T.close}</Button>
        </Box>
      }
    >
      <Tabs
        activeTabId={platform}
        onChange={({ detail }) => setPlatform(detail.activeTabId as InstallPlatform)}
        tabs={PLATFORMS.map((id) => ({
          id,
          label: T.platforms[id].label,
          content: (
            <ol>
              {T.platforms[id].steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          ),
        }))}
      />
    </Modal>
  );
}
