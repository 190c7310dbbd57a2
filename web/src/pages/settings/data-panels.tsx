import { useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { DataJob } from '@kehila/shared';
import { messageOr } from '../../api/api-error';
import { useDataJob } from './use-data-job';

/** The texts an export panel shows (the community's or the account's). */
export type ExportTexts = Readonly<
  Record<
    | 'exportHeading'
    | 'exportBody'
    | 'exportStart'
    | 'exportPreparing'
    | 'exportReady'
    | 'exportLink'
    | 'exportLinkNote'
    | 'exportFailed',
    string
  >
>;

/** A data-rights job started by a mutation, then polled until it is done or failed. */
function useStartedJob<T>(startJob: (input: T) => Promise<DataJob>) {
  const start = useMutation({ mutationFn: startJob });
  const job = useDataJob(start.data?.id ?? null).data ?? start.data;
  const running = job !== undefined && job.status !== 'done' && job.status !== 'failed';
  return { start, job, running };
}

/** Starts an export, shows its progress, then the link to its zip (a community's or the caller's own). */
export function ExportPanel({ start: startJob, texts }: { start: () => Promise<DataJob>; texts: ExportTexts }) {
  const { start, job, running } = useStartedJob<void>(startJob);
  return (
    <SpaceBetween size="s">
      <Box variant="h3">{texts.exportHeading}</Box>
      <Box color="text-body-secondary">{texts.exportBody}</Box>
      {start.isError && <Alert type="error">{messageOr(start.error, texts.exportFailed)}</Alert>}
      {job?.status === 'failed' && <Alert type="error">{job.error ?? texts.exportFailed}</Alert>}
      {running && job && <ProgressBar value={job.progress} label={texts.exportPreparing} />}
      {job?.status === 'done' && job.download_url && (
        <Alert type="success" header={texts.exportReady}>
          <SpaceBetween size="xxs">
            <Button href={job.download_url} download iconName="download" variant="primary">
              {texts.exportLink}
            </Button>
            <Box fontSize="body-s" color="text-body-secondary">
              {texts.exportLinkNote}
            </Box>
          </SpaceBetween>
        </Alert>
      )}
      <Button iconName="download" loading={start.isPending || running} onClick={() => start.mutate()}>
        {texts.exportStart}
      </Button>
    </SpaceBetween>
  );
}

/** The texts a deletion panel shows (the community's or the account's). */
export type DeletionTexts = Readonly<
  Record<
    | 'deleteHeading'
    | 'deleteBody'
    | 'deleteStart'
    | 'deleteTitle'
    | 'deleteConfirm'
    | 'cancel'
    | 'deleting'
    | 'deleted'
    | 'deletedReport'
    | 'deleteFailed',
    string
  >
>;

/**
 * Deleting for good: the confirmation typed exactly as asked, then the job's progress and its
 * deletion report. Once done, the footer's one button (`doneText`) and closing the dialog both run
 * `onDone`; while the job runs the dialog cannot be closed.
 */
export function DeletionPanel({
  start: startJob,
  texts,
  note,
  confirmLabel,
  confirms,
  inputType,
  inputDir,
  doneText,
  onDone,
}: {
  start: (typed: string) => Promise<DataJob>;
  texts: DeletionTexts;
  /** A line under the body, such as who cannot delete yet. */
  note?: ReactNode;
  confirmLabel: string;
  /** Whether what was typed confirms the deletion. */
  confirms: (typed: string) => boolean;
  inputType?: InputProps.Type;
  inputDir: 'ltr' | 'auto';
  doneText: string;
  onDone: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const { start, job, running } = useStartedJob(startJob);
  const done = job?.status === 'done';
  const close = () => {
    if (running) return;
    setOpen(false);
    if (done) onDone();
  };
  return (
    <SpaceBetween size="s">
      <Box variant="h3">{texts.deleteHeading}</Box>
      <Box color="text-body-secondary">{texts.deleteBody}</Box>
      {note && (
        <Box color="text-body-secondary" fontSize="body-s">
          {note}
        </Box>
      )}
      <Button onClick={() => setOpen(true)}>{texts.deleteStart}</Button>
      {open && (
        <Modal
          visible
          onDismiss={close}
          header={texts.deleteTitle}
          footer={
            <Box float="right">
              {done ? (
                <Button variant="primary" onClick={close}>
                  {doneText}
                </Button>
              ) : (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button variant="link" disabled={running} onClick={close}>
                    {texts.cancel}
                  </Button>
                  <Button
                    variant="primary"
                    disabled={!confirms(typed) || running}
                    loading={start.isPending || running}
                    onClick={() => start.mutate(typed)}
                  >
                    {texts.deleteConfirm}
                  </Button>
                </SpaceBetween>
              )}
            </Box>
          }
        >
          <SpaceBetween size="m">
            {start.isError && <Alert type="error">{messageOr(start.error, texts.deleteFailed)}</Alert>}
            {job?.status === 'failed' && <Alert type="error">{job.error ?? texts.deleteFailed}</Alert>}
            {done ? (
              <Alert type="success" header={texts.deleted}>
                <KeyValuePairs
                  ariaLabel={texts.deletedReport}
                  columns={2}
                  items={Object.entries(job.counts).map(([store, count]) => ({ label: store, value: String(count) }))}
                />
              </Alert>
            ) : running && job ? (
              <ProgressBar value={job.progress} label={texts.deleting} />
            ) : (
              <>
                <Box>{texts.deleteBody}</Box>
                <FormField label={confirmLabel}>
                  <Input
                    type={inputType}
                    value={typed}
                    onChange={({ detail }) => setTyped(detail.value)}
                    autoComplete={false}
                    nativeInputAttributes={{ dir: inputDir }}
                  />
                </FormField>
              </>
            )}
          </SpaceBetween>
        </Modal>
      )}
    </SpaceBetween>
  );
}
