import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { IMPORT_TEXTS } from '../import-text';
import { useChatImport } from '../use-chat-import';

/** The zone the server reads export times in unless told otherwise (the createImport default). */
const DEFAULT_TZ = 'Asia/Jerusalem';

type Order = 'auto' | 'day' | 'month';
const ORDER_OPTIONS: { value: Order; label: string; description: string }[] = [
  { value: 'auto', label: 'Work it out from the file', description: 'We ask if the dates could be read both ways.' },
  { value: 'day', label: 'Day first (31/12/2024)', description: 'Most of the world, including Israel.' },
  { value: 'month', label: 'Month first (12/31/2024)', description: 'Phones set to US English.' },
];

/** Whether a chosen file looks like a WhatsApp export (.txt or .zip). */
export function isExportFile(file: File): boolean {
  return /\.(txt|zip)$/i.test(file.name);
}

/** The time zone the browser is in, else the default. */
function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TZ;
  } catch {
    return DEFAULT_TZ;
  }
}

/**
 * The chat-export import dialog (admins): choose a .txt or .zip WhatsApp export, optionally the
 * day/month order and time zone, then upload with progress, answer the date-order question if the
 * server asks, and read the result (imported, duplicates skipped, system lines, lines not understood).
 */
export function ImportModal({
  communityId,
  visible,
  onClose,
}: {
  communityId: string | null;
  visible: boolean;
  onClose: () => void;
}) {
  const { state, start, answerDateOrder, reset } = useChatImport(communityId);
  const [files, setFiles] = useState<File[]>([]);
  const [order, setOrder] = useState<Order>('auto');
  const [tz, setTz] = useState(browserZone);
  const file = files[0] ?? null;
  const wrongType = file !== null && !isExportFile(file);
  const busy = state.phase === 'uploading' || state.phase === 'processing';

  const close = () => {
    reset();
    setFiles([]);
    onClose();
  };
  const begin = () => {
    if (!file || wrongType) return;
    void start(file, { dayFirst: order === 'auto' ? null : order === 'day', tz: tz.trim() || DEFAULT_TZ });
  };

  const job = state.job;
  const processedPct = job && job.total > 0 ? Math.min(100, Math.round((job.processed / job.total) * 100)) : 0;

  return (
    <Modal
      visible={visible}
      onDismiss={close}
      header={IMPORT_TEXTS.title}
      closeAriaLabel="Close"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            {state.phase === 'idle' && (
              <>
                <Button variant="link" onClick={close}>
                  Cancel
                </Button>
                <Button variant="primary" onClick={begin} disabled={!file || wrongType}>
                  Upload and import
                </Button>
              </>
            )}
            {busy && (
              <Button variant="link" onClick={close}>
                Close
              </Button>
            )}
            {state.phase === 'failed' && (
              <>
                <Button variant="link" onClick={close}>
                  Close
                </Button>
                <Button onClick={() => reset()}>Try again</Button>
              </>
            )}
            {state.phase === 'done' && (
              <Button variant="primary" onClick={close}>
                Done
              </Button>
            )}
          </SpaceBetween>
        </Box>
      }
    >
      {state.phase === 'idle' && (
        <SpaceBetween size="m">
          <Box>
            In WhatsApp, open the group, choose <b>Export chat</b> (Without media is enough) and upload the file it
            makes. Messages already here are not added twice.
          </Box>
          <FormField
            label="Chat export"
            errorText={wrongType ? 'Choose the .txt or .zip file WhatsApp made.' : undefined}
          >
            <FileUpload
              value={files}
              onChange={({ detail }) => setFiles(detail.value)}
              accept=".txt,.zip,text/plain,application/zip"
              showFileSize
              constraintText=".txt or .zip, up to 50 MB"
              i18nStrings={{
                uploadButtonText: () => 'Choose file',
                dropzoneText: () => 'Drop the export here',
                removeFileAriaLabel: () => 'Remove file',
                errorIconAriaLabel: 'Error',
                warningIconAriaLabel: 'Warning',
              }}
            />
          </FormField>
          <FormField label="Date order" description="Optional">
            <RadioGroup
              value={order}
              onChange={({ detail }) => setOrder(detail.value as Order)}
              items={ORDER_OPTIONS}
            />
          </FormField>
          <FormField
            label="Time zone of the export"
            description="Optional: the zone the phone was set to, e.g. Asia/Jerusalem"
          >
            <Input value={tz} onChange={({ detail }) => setTz(detail.value)} ariaLabel="Time zone" />
          </FormField>
        </SpaceBetween>
      )}

      {state.phase === 'uploading' && (
        <ProgressBar
          label="Uploading"
          value={state.uploadPercent}
          description={file?.name}
          additionalInfo={`${state.uploadPercent}% sent`}
        />
      )}

      {state.phase === 'processing' && (
        <ProgressBar
          label="Importing"
          value={job?.status === 'importing' ? processedPct : 0}
          description={
            job?.status === 'importing'
              ? `${job.processed} of ${job.total} messages through the pipeline`
              : 'Reading the export…'
          }
        />
      )}

      {state.phase === 'needs_date_order' && (
        <SpaceBetween size="m">
          <Alert type="warning" header="Which comes first in this export's dates?">
            The dates in this file could be read either way (for example 03/04 could be 3 April or 4 March). How does
            the phone that exported it write dates?
          </Alert>
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={() => void answerDateOrder(true)}>Day first (31/12)</Button>
            <Button onClick={() => void answerDateOrder(false)}>Month first (12/31)</Button>
          </SpaceBetween>
        </SpaceBetween>
      )}

      {state.phase === 'failed' && (
        <Alert type="error" header="The import did not finish">
          {state.error ?? IMPORT_TEXTS.failed}
        </Alert>
      )}

      {state.phase === 'done' && job && (
        <SpaceBetween size="m">
          <Alert type="success">The import is complete.</Alert>
          <KeyValuePairs
            columns={2}
            items={[
              { label: 'Imported', value: String(job.imported) },
              { label: 'Duplicates skipped', value: String(job.duplicates) },
              { label: 'System lines', value: String(job.system) },
              { label: 'Lines not understood', value: String(job.unparsed) },
            ]}
          />
          {job.unparsed_examples.length > 0 && (
            <ExpandableSection headerText="Examples of lines not understood" defaultExpanded>
              <ul>
                {job.unparsed_examples.map((line, i) => (
                  <li key={i} dir="auto">
                    <code>{line}</code>
                  </li>
                ))}
              </ul>
            </ExpandableSection>
          )}
        </SpaceBetween>
      )}
    </Modal>
  );
}
