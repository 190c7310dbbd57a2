import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { routes, type ImportJob } from '@kehila/shared';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { COMMUNITY, FakeXhr, defaultApi, renderMessages, setUpMessagesTests, type FakeApi } from './support';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

setUpMessagesTests(setSignedIn, resetAuth);

function job(over: Partial<ImportJob>): ImportJob {
  return {
    id: 'imp-1',
    community_id: COMMUNITY.community_id,
    filename: 'WhatsApp Chat with Founders.txt',
    status: 'uploading',
    total: 0,
    processed: 0,
    imported: 0,
    duplicates: 0,
    system: 0,
    unparsed: 0,
    unparsed_examples: [],
    error: null,
    created_at: '2025-06-01T10:00:00.000Z',
    updated_at: '2025-06-01T10:00:00.000Z',
    ...over,
  };
}

/** An API whose getImport answers the given states in turn (the last one repeats). */
function importApi(states: ImportJob[]): FakeApi {
  const queue = [...states];
  return defaultApi()
    .on(routes.createImport, () => ({
      job: job({}),
      upload: {
        url: '/local-objects',
        method: 'POST',
        fields: {
          key: 'imports/c-1/imp-1/export.txt',
          'Content-Type': 'text/plain',
          Policy: 'cG9saWN5',
          'X-Kehila-Signature': 'abc',
        },
      },
    }))
    .on(routes.startImport, () => job({ status: 'queued' }))
    .on(routes.getImport, () => (queue.length > 1 ? queue.shift() : queue[0]))
    .on(routes.setImportDateOrder, () => job({ status: 'queued' }));
}

const exportFile = () =>
  new File(['12/06/2025, 10:00 - Dana: hello\n'], 'WhatsApp Chat with Founders.txt', { type: 'text/plain' });

async function openImport(api: FakeApi) {
  const view = renderMessages({ api });
  await view.user.click(await screen.findByRole('button', { name: 'Import chat export' }));
  const dialog = await screen.findByRole('dialog');
  return { ...view, dialog };
}

async function choose(user: ReturnType<typeof renderMessages>['user'], file: File) {
  const input = createWrapper(document.body).findFileUpload()!.findNativeInput().getElement();
  await user.upload(input, file);
}

describe('chat-export import (admins)', () => {
  it('is not offered to members', async () => {
    const api = defaultApi([], { ...COMMUNITY, role: 'Member' });
    renderMessages({ api });
    await screen.findByRole('button', { name: 'Generate Summary' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate Summary' })).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Import chat export' })).not.toBeInTheDocument();
  });

  it('uploads with progress, asks the date order, and shows the result summary', async () => {
    const api = importApi([
      job({ status: 'importing', total: 10, processed: 5 }),
      job({ status: 'needs_date_order' }),
      job({
        status: 'done',
        total: 10,
        processed: 10,
        imported: 8,
        duplicates: 2,
        system: 3,
        unparsed: 1,
        unparsed_examples: ['~~ garbled line ~~'],
      }),
    ]);
    const { dialog, user } = await openImport(api);
    await choose(user, exportFile());
    await user.click(within(dialog).getByRole('radio', { name: /Month first/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload and import' }));

    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    expect(api.callsTo(routes.createImport)[0]!.body).toMatchObject({
      filename: 'WhatsApp Chat with Founders.txt',
      size: exportFile().size,
      day_first: false,
    });
    const xhr = FakeXhr.instances[0]!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/local-objects']);
    // A form upload: the policy's fields first, as given, then the file last.
    const form = xhr.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.keys()]).toEqual(['key', 'Content-Type', 'Policy', 'X-Kehila-Signature', 'file']);
    expect(form.get('key')).toBe('imports/c-1/imp-1/export.txt');
    expect(form.get('Content-Type')).toBe('text/plain');
    expect((form.get('file') as File).size).toBe(exportFile().size);
    xhr.progress(50, 100);
    expect(await within(dialog).findByText('50% sent')).toBeInTheDocument();
    xhr.respond(200);

    await waitFor(() => expect(api.callsTo(routes.startImport)).toHaveLength(1));
    expect(
      await within(dialog).findByText('5 of 10 messages through the pipeline', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    await within(dialog).findByText(/could be read either way/, {}, { timeout: 4000 });
    await user.click(within(dialog).getByRole('button', { name: 'Day first (31/12)' }));
    expect(api.callsTo(routes.setImportDateOrder)[0]!.body).toEqual({ day_first: true });

    await within(dialog).findByText('The import is complete.', {}, { timeout: 5000 });
    const items = createWrapper(dialog).findKeyValuePairs()!.findItems();
    const summary = Object.fromEntries(
      items.map((it) => [it.findLabel()!.getElement().textContent, it.findValue()!.getElement().textContent]),
    );
    expect(summary).toEqual({
      Imported: '8',
      'Duplicates skipped': '2',
      'System lines': '3',
      'Lines not understood': '1',
    });
    expect(within(dialog).getByText('~~ garbled line ~~')).toBeInTheDocument();
  }, 30_000);

  it('accepts only a .txt or .zip export', async () => {
    const { dialog } = await openImport(importApi([]));
    // The picker's accept list would hide it; a file dropped or picked by "All files" still arrives.
    const input = createWrapper(document.body).findFileUpload()!.findNativeInput().getElement();
    fireEvent.change(input, { target: { files: [new File(['x'], 'photo.jpg', { type: 'image/jpeg' })] } });
    expect(await within(dialog).findByText('Choose the .txt or .zip file WhatsApp made.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload and import' })).toBeDisabled();
  });

  it('says so when the upload fails, and shows the server’s reason when it refuses the file', async () => {
    const api = importApi([]);
    const { dialog, user } = await openImport(api);
    await choose(user, exportFile());
    await user.click(within(dialog).getByRole('button', { name: 'Upload and import' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    FakeXhr.instances[0]!.respond(403);
    expect(
      await within(dialog).findByText('The upload failed. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(api.callsTo(routes.startImport)).toHaveLength(0);

    api.on(routes.createImport, () => ({
      status: 400,
      body: {
        message: 'This file is larger than 50 MB. Export the chat again without media, or upload only its .txt file.',
        code: 'bad_request',
      },
    }));
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await choose(user, exportFile());
    await user.click(within(dialog).getByRole('button', { name: 'Upload and import' }));
    expect(await within(dialog).findByText(/larger than 50 MB/)).toBeInTheDocument();
  });

  it('says the file is too large when the storage refuses it for its size', async () => {
    const api = importApi([]);
    const { dialog, user } = await openImport(api);
    await choose(user, exportFile());
    await user.click(within(dialog).getByRole('button', { name: 'Upload and import' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const xhr = Object.assign(FakeXhr.instances[0]!, {
      responseText:
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>',
    });
    xhr.respond(400);
    expect(
      await within(dialog).findByText(
        'This file is larger than 50 MB. Export the chat again without media, or upload only its .txt file.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(routes.startImport)).toHaveLength(0);
  });

  it('shows why a job failed', async () => {
    const api = importApi([
      job({ status: 'failed', error: 'No WhatsApp messages were found in this file. Is it a chat export?' }),
    ]);
    const { dialog, user } = await openImport(api);
    await choose(user, exportFile());
    await user.click(within(dialog).getByRole('button', { name: 'Upload and import' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    FakeXhr.instances[0]!.respond(200);
    expect(
      await within(dialog).findByText(/No WhatsApp messages were found/, {}, { timeout: 4000 }),
    ).toBeInTheDocument();
  });
});
