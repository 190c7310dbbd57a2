import { beforeAll, describe, expect, it } from 'vitest';
import type { Community, ImportJob, Message } from '@kehila/shared';
import type { Deps } from '@kehila/functions/core/deps';
import { IMPORT_TEXTS } from '@kehila/functions/core/imports/limits';
import { getImportJob } from '@kehila/functions/data/imports';
import { api, signIn, stack, useStackEnv } from '../../support';
import { buildZipBomb } from '../../../fixtures/exports/zip-bomb';
import {
  communityWithGroup,
  freshGroupId,
  postMessage,
  subOf,
  waitFor,
} from '../../../fixtures/whatsapp/stack-community';

/**
 * Issue 16's import bomb on the shared local stack: a ~180 KB zip that unpacks to 190 MB of chat
 * text. It must be refused with its reason before it is unpacked (the worker thread of the stack
 * survives, ingestion goes on), and a normal message sent right after must be stored and
 * searchable within 10 s. The test's own traces: one community of its own, one message, and the
 * upload, which the failed job deletes.
 */
describe('an import bomb on the local stack', () => {
  let deps: Deps;
  let token: string;
  let community: Community;

  beforeAll(async () => {
    deps = useStackEnv();
    token = (await signIn('admin@example.com', 'kehila-demo')).IdToken;
    community = await communityWithGroup(deps, freshGroupId(), [subOf(token)]);
  });

  it('is refused with its reason, and a webhook message right after is searchable within 10 s', async () => {
    const bomb = await buildZipBomb();
    expect(bomb.zip.length).toBeLessThan(200 * 1024);
    expect(bomb.unpacked).toBeGreaterThanOrEqual(190_000_000);

    const base = `/api/communities/${community.id}/imports`;
    const created = await api(base, {
      token,
      method: 'POST',
      body: { filename: 'WhatsApp Chat with Founders.zip', size: bomb.zip.length },
    });
    expect(created.status).toBe(200);
    const { job, upload } = created.body as unknown as {
      job: ImportJob;
      upload: { url: string; fields: Record<string, string> };
    };
    const form = new FormData();
    for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bomb.zip)]), 'WhatsApp Chat with Founders.zip');
    expect((await fetch(new URL(upload.url, stack().url), { method: 'POST', body: form })).status).toBe(204);
    expect((await api(`${base}/${job.id}/start`, { token, method: 'POST' })).status).toBe(200);

    let seen: ImportJob = job;
    await waitFor(async () => {
      seen = (await api(`${base}/${job.id}`, { token })).body as unknown as ImportJob;
      return seen.status === 'failed' || seen.status === 'done';
    }, 20_000);
    expect(seen).toMatchObject({ status: 'failed', error: IMPORT_TEXTS.zipRatio, total: 0, imported: 0 });
    const stored = await getImportJob(deps.db, community.id, job.id);
    expect(await deps.storage.head(stored?.object_key ?? '')).toBeNull();

    // The community is this test's own: a plain word finds exactly this message.
    const word = 'pipeline';
    const posted = await postMessage(stack().url, 'waha', {
      groupId: community.group_id as string,
      senderId: '972501234567@c.us',
      senderName: 'Dana Levi',
      timestamp: new Date(),
      text: `After the import: is the ingest ${word} still running?`,
    });
    expect(posted.status).toBe(200);
    const found = async () => {
      const res = await api(`/api/communities/${community.id}/messages?q=${word}`, { token });
      return ((res.body as unknown as { items?: Message[] }).items ?? []).map((m) => m.msg_id);
    };
    await waitFor(async () => (await found()).includes(posted.msgId), 10_000, 200);
    expect(await found()).toEqual([posted.msgId]);
  });
});
