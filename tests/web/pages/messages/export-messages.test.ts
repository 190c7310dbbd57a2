import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@kehila/shared';
import type { CallApi } from '../../../../web/src/api/client';
import { EXPORT_PAGE_SIZE, exportMessagesCsv } from '../../../../web/src/pages/messages/export-messages';

const message = (i: number, over: Partial<Message> = {}): Message =>
  ({
    msg_id: `m-${i}`,
    group_id: 'g@g.us',
    content: `message ${i}`,
    timestamp: `2026-11-2${i % 10}T10:00:00.000Z`,
    Sender_name: 'Dana',
    sender_hash: '972501234567@c.us',
    topic: 'rent',
    keywords: ['rent', 'lease'],
    urgency: 'low',
    sentiment: 0.2,
    action_items: [],
    emotion: 'joy',
    intent: 'question',
    cluster_id: null,
    toxicity: 0,
    ...over,
  }) as Message;

/** Captures what the download would save. */
function captureDownload() {
  const saved: { name: string; blob: Blob }[] = [];
  let last: Blob | null = null;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    last = b as Blob;
    return 'blob:x';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (last) saved.push({ name: this.download, blob: last });
  });
  return saved;
}

afterEach(() => vi.restoreAllMocks());

/** A Blob's bytes (jsdom's Blob has no arrayBuffer()). */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(new Uint8Array(r.result as ArrayBuffer));
    r.onerror = () => reject(r.error ?? new Error('read failed'));
    r.readAsArrayBuffer(blob);
  });
}

describe('Export CSV of the filtered message list', () => {
  it('pages through the list with the filters in view and writes every message once, UTF-8 with BOM, named with the date', async () => {
    const saved = captureDownload();
    const pages = [
      { items: [message(1), message(2, { content: 'שלום, "חברים"', Sender_name: 'נועה' })], nextCursor: 'c1' },
      { items: [message(3, { content: '=SUM(A1)' })], nextCursor: null },
    ];
    const calls: unknown[] = [];
    const callApi = (async (_route: unknown, args: { query: Record<string, unknown> }) => {
      calls.push(args.query);
      return pages[calls.length - 1];
    }) as unknown as CallApi;
    const progress: number[] = [];
    const n = await exportMessagesCsv(
      callApi,
      'c-1',
      { order: 'desc', urgency: 'high', topic: 'rent', from: '2026-11-01T00:00:00.000Z' },
      (c) => progress.push(c),
    );
    expect(n).toBe(3);
    expect(progress).toEqual([2, 3]);
    expect(calls).toEqual([
      { order: 'desc', urgency: 'high', topic: 'rent', from: '2026-11-01T00:00:00.000Z', limit: EXPORT_PAGE_SIZE },
      { order: 'desc', urgency: 'high', topic: 'rent', from: '2026-11-01T00:00:00.000Z', limit: EXPORT_PAGE_SIZE, cursor: 'c1' },
    ]);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe(`kehila-messages-${new Date().toLocaleDateString('en-CA')}.csv`);
    const bytes = await bytesOf(saved[0]!.blob);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines[0]).toBe('time,sender,topic,keywords,urgency,sentiment,emotion,intent,toxicity,message,message id');
    expect(lines[2]).toBe('2026-11-22T10:00:00.000Z,נועה,rent,rent; lease,low,0.2,joy,question,0,"שלום, ""חברים""",m-2');
    // a formula is written as text
    expect(lines[3]).toContain(",'=SUM(A1),m-3");
    expect(lines.filter(Boolean)).toHaveLength(4);
  });
});
