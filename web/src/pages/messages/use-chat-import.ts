import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { type ImportJob } from '@kehila/shared';
import { routes } from '../../api/routes';
import { ApiRequestError } from '../../api/client';
import { useCallApi } from '../../api/use-call-api';
import { IMPORT_TEXTS } from './import-text';
import { messagesKeys } from './live-cache';

/** Where an import is. */
export type ImportPhase = 'idle' | 'uploading' | 'processing' | 'needs_date_order' | 'done' | 'failed';

/** The dialog's view of an import. */
export interface ImportState {
  readonly phase: ImportPhase;
  /** 0-100 while the file uploads. */
  readonly uploadPercent: number;
  readonly job: ImportJob | null;
  readonly error: string | null;
}

const IDLE: ImportState = { phase: 'idle', uploadPercent: 0, job: null, error: null };
/** How often the job's progress is read while it runs. */
export const IMPORT_POLL_MS = 1000;

/** What the import needs from the browser; tests give their own XMLHttpRequest. */
export interface ChatImportOptions {
  readonly pollMs?: number;
  readonly createXhr?: () => XMLHttpRequest;
}

/** The server's words for a failure it explains (4xx), else the fallback. */
function failureText(err: unknown, fallback: string): string {
  return err instanceof ApiRequestError && err.status >= 400 && err.status < 500 && err.status !== 401
    ? err.message
    : fallback;
}

/** The storage refused the upload; `code` is its error code (S3's, e.g. EntityTooLarge), when it gave one. */
export class UploadRefusedError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
  ) {
    super(`upload refused: ${status}${code ? ` ${code}` : ''}`);
    this.name = 'UploadRefusedError';
  }
}

/**
 * Uploads a file with a presigned POST form (the storage checks the form's signed policy, size
 * included) using XMLHttpRequest (fetch cannot report upload progress), reporting the percentage
 * sent. The form's fields go first, as given, then the file as `file`.
 */
export function uploadWithProgress(
  xhr: XMLHttpRequest,
  upload: { url: string; fields: Record<string, string> },
  file: Blob,
  onProgress: (percent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', file);
    xhr.open('POST', upload.url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      const body = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      reject(new UploadRefusedError(xhr.status, /<Code>([^<]+)<\/Code>/.exec(body)?.[1] ?? null));
    };
    xhr.onerror = () => reject(new Error('upload network error'));
    xhr.onabort = () => reject(new Error('upload aborted'));
    xhr.send(form);
  });
}

const phaseOf = (job: ImportJob): ImportPhase =>
  job.status === 'done'
    ? 'done'
    : job.status === 'failed'
      ? 'failed'
      : job.status === 'needs_date_order'
        ? 'needs_date_order'
        : job.status === 'uploading'
          ? 'uploading'
          : 'processing';

/**
 * A chat-export import (issue: chat-export import): createImport → POST the file with the returned
 * upload form, with upload progress → startImport → poll getImport until it is done, failed (the
 * job's reason is shown), or asks for the date order (answered with setImportDateOrder, then
 * polled again).
 */
export function useChatImport(communityId: string | null, options: ChatImportOptions = {}) {
  const callApi = useCallApi();
  const queryClient = useQueryClient();
  const pollMs = options.pollMs ?? IMPORT_POLL_MS;
  const createXhr = options.createXhr;
  const [state, setState] = useState<ImportState>(IDLE);
  // Each run has a number; a reset or a new run makes the old one's callbacks do nothing.
  const run = useRef(0);
  const xhr = useRef<XMLHttpRequest | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stop = useCallback(() => {
    run.current += 1;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    xhr.current?.abort();
    xhr.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const poll = useCallback(
    (id: number, importId: string) => {
      if (!communityId) return;
      timer.current = setTimeout(async () => {
        if (id !== run.current) return;
        try {
          const job = await callApi(routes.getImport, { params: { communityId, importId } });
          if (id !== run.current) return;
          const phase = phaseOf(job);
          setState({
            phase,
            uploadPercent: 100,
            job,
            error: phase === 'failed' ? (job.error ?? IMPORT_TEXTS.failed) : null,
          });
          if (phase === 'processing') poll(id, importId);
          if (phase === 'done') void queryClient.invalidateQueries({ queryKey: messagesKeys.all(communityId) });
        } catch {
          if (id !== run.current) return;
          setState((s) => ({ ...s, phase: 'failed', error: IMPORT_TEXTS.pollFailed }));
        }
      }, pollMs);
    },
    [callApi, communityId, pollMs, queryClient],
  );

  const start = useCallback(
    async (file: File, choice: { dayFirst: boolean | null; tz: string }) => {
      if (!communityId) return;
      stop();
      const id = run.current;
      setState({ phase: 'uploading', uploadPercent: 0, job: null, error: null });
      let created;
      try {
        created = await callApi(routes.createImport, {
          params: { communityId },
          body: { filename: file.name, size: file.size, day_first: choice.dayFirst, tz: choice.tz },
        });
      } catch (err) {
        if (id === run.current)
          setState({ ...IDLE, phase: 'failed', error: failureText(err, IMPORT_TEXTS.createFailed) });
        return;
      }
      if (id !== run.current) return;
      setState((s) => ({ ...s, job: created.job }));
      try {
        const request = createXhr ? createXhr() : new XMLHttpRequest();
        xhr.current = request;
        await uploadWithProgress(request, created.upload, file, (percent) => {
          if (id === run.current) setState((s) => ({ ...s, uploadPercent: percent }));
        });
        xhr.current = null;
      } catch (err) {
        const tooLarge = err instanceof UploadRefusedError && err.code === 'EntityTooLarge';
        if (id === run.current)
          setState((s) => ({
            ...s,
            phase: 'failed',
            error: tooLarge ? IMPORT_TEXTS.uploadTooLarge : IMPORT_TEXTS.uploadFailed,
          }));
        return;
      }
      if (id !== run.current) return;
      try {
        const job = await callApi(routes.startImport, { params: { communityId, importId: created.job.id } });
        if (id !== run.current) return;
        const phase = phaseOf(job);
        setState({
          phase,
          uploadPercent: 100,
          job,
          error: phase === 'failed' ? (job.error ?? IMPORT_TEXTS.failed) : null,
        });
        if (phase === 'processing') poll(id, job.id);
      } catch (err) {
        if (id === run.current)
          setState((s) => ({ ...s, phase: 'failed', error: failureText(err, IMPORT_TEXTS.createFailed) }));
      }
    },
    [callApi, communityId, createXhr, poll, stop],
  );

  const answerDateOrder = useCallback(
    async (dayFirst: boolean) => {
      const job = state.job;
      if (!communityId || !job) return;
      const id = run.current;
      setState((s) => ({ ...s, phase: 'processing' }));
      try {
        const next = await callApi(routes.setImportDateOrder, {
          params: { communityId, importId: job.id },
          body: { day_first: dayFirst },
        });
        if (id !== run.current) return;
        setState((s) => ({ ...s, job: next, phase: phaseOf(next) }));
        if (phaseOf(next) === 'processing') poll(id, next.id);
      } catch (err) {
        if (id === run.current)
          setState((s) => ({ ...s, phase: 'failed', error: failureText(err, IMPORT_TEXTS.failed) }));
      }
    },
    [callApi, communityId, poll, state.job],
  );

  const reset = useCallback(() => {
    stop();
    setState(IDLE);
  }, [stop]);

  return { state, start, answerDateOrder, reset };
}
