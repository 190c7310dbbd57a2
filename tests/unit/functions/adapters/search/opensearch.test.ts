import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenSearchClient, OpenSearchError } from '@kehila/functions/adapters/search/opensearch/client';
import { hebrewPrefixPatterns, indexDefinition } from '@kehila/functions/adapters/search/opensearch/mapping';
import { OpenSearchSearch } from '@kehila/functions/adapters/search/opensearch/opensearch-search';
import { cosineFromScore } from '@kehila/functions/adapters/search/opensearch/queries';
import { encodeCursor } from '@kehila/functions/core/cursor';
import { hebrewStems, MIN_STEM_INDEX, normalize } from '@kehila/functions/adapters/search/tokenizer';
import type { SearchDoc } from '@kehila/functions/core/ports/search';

interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: string;
}
type Reply = { status: number; body?: unknown };

/** A fake OpenSearch: records every request and answers from a queue of scripted replies. */
let server: Server;
let endpoint = '';
let seen: Seen[] = [];
let replies: Reply[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      seen.push({
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const reply = replies.shift() ?? { status: 500, body: { error: { type: 'unscripted', reason: 'no reply' } } };
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen = [];
  replies = [];
});

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', sessionToken: 'session-token' };
const INDEX = 'kehila-test-messages';

function engine(dimensions = 3) {
  const client = createOpenSearchClient({ endpoint, region: 'eu-west-1', signing: 'sigv4', credentials, retries: 1 });
  return new OpenSearchSearch({ client, index: INDEX, dimensions: () => dimensions });
}

const doc = (msgId: string, extra: Partial<SearchDoc> = {}): SearchDoc => ({
  communityId: 'c1',
  msgId,
  timestamp: '2025-01-01T09:00:00.000Z',
  content: 'שלום לכולם, meeting at 10',
  sender_name: 'Dana',
  sender_hash: '972501234567@c.us',
  topic: 'Events',
  urgency: 'high',
  keywords: ['meeting'],
  ...extra,
});

const ndjson = (body: string) =>
  body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);

describe('OpenSearch adapter', () => {
  it('creates the index with its explicit mapping on first write, then bulk-upserts routed documents', async () => {
    replies = [
      { status: 404 },
      { status: 200, body: { acknowledged: true } },
      { status: 200, body: { errors: false, items: [] } },
    ];
    await engine(3).upsert([
      doc('m1', { vector: [0.6, 0.8, 0], vectorVersion: 'local:3' }),
      doc('m2', { content: '' }),
    ]);

    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([`HEAD /${INDEX}`, `PUT /${INDEX}`, 'POST /_bulk']);
    const definition = JSON.parse(seen[1]!.body);
    expect(definition).toEqual(indexDefinition(3));
    expect(definition.settings.index).toMatchObject({ knn: true, number_of_shards: 1 });
    expect(definition.mappings.dynamic).toBe('strict');
    expect(definition.mappings.properties.vector).toEqual({
      type: 'knn_vector',
      dimension: 3,
      method: {
        name: 'hnsw',
        engine: 'faiss',
        space_type: 'innerproduct',
        parameters: { m: 16, ef_construction: 128 },
      },
    });
    expect(definition.mappings.properties.msg_id).toEqual({
      type: 'keyword',
      fields: { partial: { type: 'wildcard', normalizer: 'kehila_lowercase' } },
    });
    expect(definition.mappings.properties.content).toMatchObject({
      type: 'text',
      analyzer: 'kehila_index',
      search_analyzer: 'kehila_query',
      fields: { prefix: { type: 'text', analyzer: 'kehila_index_prefix', search_analyzer: 'kehila_query' } },
    });
    for (const field of [
      'community_id',
      'topic',
      'urgency',
      'sender_name',
      'sender_hash',
      'sender_digits',
      'embedding_version',
    ]) {
      expect(definition.mappings.properties[field].type).toBe('keyword');
    }
    expect(definition.settings.analysis.analyzer.kehila_index).toEqual({
      type: 'custom',
      char_filter: ['kehila_marks', 'kehila_geresh', 'kehila_finals'],
      tokenizer: 'icu_tokenizer',
      filter: ['icu_folding', 'kehila_truncate', 'kehila_hebrew_prefixes'],
    });

    expect(seen[2]!.headers['content-type']).toBe('application/x-ndjson');
    expect(ndjson(seen[2]!.body)).toEqual([
      { update: { _index: INDEX, _id: 'c1:m1', routing: 'c1' } },
      {
        doc: {
          community_id: 'c1',
          msg_id: 'm1',
          timestamp: '2025-01-01T09:00:00.000Z',
          content: 'שלום לכולם, meeting at 10',
          has_content: true,
          sender_name: 'Dana',
          sender_hash: '972501234567@c.us',
          sender_digits: '972501234567',
          topic: 'Events',
          urgency: 'high',
          keywords: ['meeting'],
          vector: [0.6, 0.8, 0],
          embedding_version: 'local:3',
        },
        doc_as_upsert: true,
      },
      { update: { _index: INDEX, _id: 'c1:m2', routing: 'c1' } },
      {
        doc: {
          community_id: 'c1',
          msg_id: 'm2',
          timestamp: '2025-01-01T09:00:00.000Z',
          content: '',
          has_content: false,
          sender_name: 'Dana',
          sender_hash: '972501234567@c.us',
          sender_digits: '972501234567',
          topic: 'Events',
          urgency: 'high',
          keywords: ['meeting'],
        },
        doc_as_upsert: true,
      },
    ]);
  });

  it('signs every request with SigV4 (region, service es, payload hash, session token)', async () => {
    replies = [{ status: 200 }, { status: 200, body: { errors: false, items: [] } }];
    await engine().upsert([doc('m1')]);
    const bulk = seen[1]!;
    expect(bulk.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/es\/aws4_request, SignedHeaders=[^,]*host[^,]*x-amz-content-sha256;x-amz-date[^,]*, Signature=[0-9a-f]{64}$/,
    );
    expect(bulk.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(bulk.headers['x-amz-security-token']).toBe('session-token');
    expect(bulk.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(bulk.body).digest('hex'));
  });

  it('sends no signature when signing is off (a local container)', async () => {
    replies = [{ status: 200, body: { hits: { hits: [] } } }];
    const client = createOpenSearchClient({ endpoint, region: 'eu-west-1', signing: 'none' });
    await new OpenSearchSearch({ client, index: INDEX, dimensions: () => 3 }).text({
      communityId: 'c1',
      order: 'desc',
      limit: 5,
    });
    expect(seen[0]!.headers.authorization).toBeUndefined();
  });

  it('creates the index only once per process and accepts losing the creation race', async () => {
    replies = [
      { status: 404 },
      { status: 400, body: { error: { type: 'resource_already_exists_exception', reason: 'exists' } } },
      { status: 200, body: { errors: false, items: [] } },
      { status: 200, body: { errors: false, items: [] } },
    ];
    const e = engine();
    await e.upsert([doc('m1')]);
    await e.upsert([doc('m2')]);
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      `HEAD /${INDEX}`,
      `PUT /${INDEX}`,
      'POST /_bulk',
      'POST /_bulk',
    ]);
  });

  it('builds the filtered, time-ordered query with search_after and returns the next cursor', async () => {
    const hit = (id: string, ts: number) => ({
      _id: `c1:${id}`,
      _score: 2.5,
      _source: { msg_id: id, timestamp: new Date(ts).toISOString() },
      sort: [ts, id],
    });
    replies = [{ status: 200, body: { hits: { hits: [hit('m3', 3000), hit('m2', 2000), hit('m1', 1000)] } } }];
    const res = await engine().text({
      communityId: 'c1',
      text: 'הספקים meeting',
      topic: ' Events ',
      urgency: 'high',
      sender: '+972 50-123-4567',
      from: '2025-01-01T00:00:00.000Z',
      to: '2025-02-01T00:00:00.000Z',
      idPartial: '3EB*0',
      order: 'desc',
      limit: 2,
      cursor: encodeCursor([4000, 'm4']),
    });
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.path).toBe(`/${INDEX}/_search`);
    expect(seen[0]!.query).toEqual({ routing: 'c1' });
    const body = JSON.parse(seen[0]!.body);
    expect(body).toMatchObject({
      size: 3,
      track_total_hits: false,
      track_scores: true,
      _source: ['msg_id', 'timestamp'],
      sort: [{ timestamp: { order: 'desc' } }, { msg_id: { order: 'desc' } }],
      search_after: [4000, 'm4'],
    });
    expect(body.query.bool.filter).toEqual([
      { term: { community_id: 'c1' } },
      { term: { topic: 'events' } },
      { term: { urgency: 'high' } },
      {
        bool: {
          should: [
            { term: { sender_name: '+972 50-123-4567' } },
            { term: { sender_hash: '+972 50-123-4567' } },
            { term: { sender_digits: '972501234567' } },
          ],
          minimum_should_match: 1,
        },
      },
      { range: { timestamp: { gte: '2025-01-01T00:00:00.000Z', lt: '2025-02-01T00:00:00.000Z' } } },
      { wildcard: { 'msg_id.partial': { value: '*3eb\\*0*', case_insensitive: true } } },
    ]);
    // Every word must match; each word is a dis_max of its ways to match.
    expect(body.query.bool.must).toHaveLength(2);
    expect(body.query.bool.must[1]).toEqual({
      dis_max: {
        queries: [
          { match: { content: { query: 'meeting', boost: 1 } } },
          { match: { 'content.prefix': { query: 'meeting', boost: 0.9 } } },
        ],
      },
    });
    const hebrew = body.query.bool.must[0].dis_max.queries as { match: Record<string, { query: string }> }[];
    expect(hebrew.map((q) => Object.values(q.match)[0]!.query)).toEqual(
      expect.arrayContaining([normalize('הספקים'), normalize('ספקים'), 'ספק']),
    );

    expect(res.hits).toEqual([
      { msgId: 'm3', timestamp: new Date(3000).toISOString(), score: 2.5 },
      { msgId: 'm2', timestamp: new Date(2000).toISOString(), score: 2.5 },
    ]);
    expect(res.nextCursor).toBe(encodeCursor([2000, 'm2']));
  });

  it('ranks by score for the fallback, any word matching, and has no cursor on the last page', async () => {
    replies = [
      {
        status: 200,
        body: {
          hits: {
            hits: [{ _id: 'c1:m1', _score: 1.2, _source: { msg_id: 'm1', timestamp: 't' }, sort: [1.2, 1, 'm1'] }],
          },
        },
      },
    ];
    const res = await engine().text({
      communityId: 'c1',
      text: 'parking hall',
      match: 'any',
      order: 'relevance',
      limit: 5,
    });
    const body = JSON.parse(seen[0]!.body);
    expect(body.sort).toEqual([
      { _score: { order: 'desc' } },
      { timestamp: { order: 'desc' } },
      { msg_id: { order: 'desc' } },
    ]);
    expect(body.query.bool.should).toHaveLength(2);
    expect(body.query.bool.minimum_should_match).toBe(1);
    expect(body.query.bool.must).toBeUndefined();
    expect(res).toEqual({ hits: [{ msgId: 'm1', timestamp: 't', score: 1.2 }], nextCursor: null });
  });

  it('asks nothing for a term without words', async () => {
    expect(await engine().text({ communityId: 'c1', text: '?!', order: 'desc', limit: 5 })).toEqual({
      hits: [],
      nextCursor: null,
    });
    expect(seen).toEqual([]);
  });

  it('runs k-NN with efficient filtering on community and version, returning cosine scores', async () => {
    replies = [
      {
        status: 200,
        body: {
          hits: {
            hits: [
              { _id: 'c1:a', _score: 1.9, _source: { msg_id: 'a', timestamp: 't1' } },
              { _id: 'c1:b', _score: 0.5, _source: { msg_id: 'b', timestamp: 't2' } },
            ],
          },
        },
      },
    ];
    const hits = await engine().semantic({ communityId: 'c1', vector: [0, 1, 0], limit: 10, version: 'local:3' });
    expect(JSON.parse(seen[0]!.body)).toEqual({
      size: 10,
      _source: ['msg_id', 'timestamp'],
      query: {
        knn: {
          vector: {
            vector: [0, 1, 0],
            k: 10,
            filter: {
              bool: { filter: [{ term: { community_id: 'c1' } }, { term: { embedding_version: 'local:3' } }] },
            },
          },
        },
      },
    });
    expect(seen[0]!.query).toEqual({ routing: 'c1' });
    expect(hits.map((h) => h.msgId)).toEqual(['a', 'b']);
    expect(hits[0]!.score).toBeCloseTo(0.9);
    expect(hits[1]!.score).toBeCloseTo(-1);
  });

  it.each([
    [2, 1],
    [1, 0],
    [0.5, -1],
  ])('maps an inner-product score of %s back to cosine %s', (score, cosine) => {
    expect(cosineFromScore(score)).toBeCloseTo(cosine);
  });

  it('reads the vectors of a community, time range and version, newest first, skipping documents without one', async () => {
    replies = [
      {
        status: 200,
        body: {
          hits: {
            hits: [
              { _id: 'c1:m2', _score: null, _source: { msg_id: 'm2', timestamp: '2026-03-02T00:00:00.000Z', vector: [0, 1, 0] } },
              { _id: 'c1:m1', _score: null, _source: { msg_id: 'm1', timestamp: '2026-03-01T00:00:00.000Z' } },
            ],
          },
        },
      },
    ];
    const vectors = await engine().vectors({
      communityId: 'c1',
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-08T00:00:00.000Z',
      version: 'local:3',
      limit: 2000,
    });
    expect(vectors).toEqual([{ msgId: 'm2', timestamp: '2026-03-02T00:00:00.000Z', vector: [0, 1, 0] }]);
    expect(seen[0]?.query).toEqual({ routing: 'c1' });
    expect(JSON.parse(seen[0]?.body ?? '{}')).toEqual({
      size: 2000,
      _source: ['msg_id', 'timestamp', 'vector'],
      query: {
        bool: {
          filter: [
            { term: { community_id: 'c1' } },
            { range: { timestamp: { gte: '2026-03-01T00:00:00.000Z', lt: '2026-03-08T00:00:00.000Z' } } },
            { term: { embedding_version: 'local:3' } },
          ],
        },
      },
      sort: [{ timestamp: 'desc' }, { msg_id: 'desc' }],
    });
  });

  it('counts documents with content and the embedded ones of a version', async () => {
    replies = [
      {
        status: 200,
        body: { hits: { total: { value: 42 }, hits: [] }, aggregations: { embedded: { doc_count: 40 } } },
      },
    ];
    expect(await engine().stats('c1', { version: 'v2' })).toEqual({ total: 42, embedded: 40 });
    expect(JSON.parse(seen[0]!.body)).toEqual({
      size: 0,
      track_total_hits: true,
      query: { bool: { filter: [{ term: { community_id: 'c1' } }, { term: { has_content: true } }] } },
      aggs: { embedded: { filter: { term: { embedding_version: 'v2' } } } },
    });
  });

  it('answers empty results and zero counts before the index exists', async () => {
    const missing = { status: 404, body: { error: { type: 'index_not_found_exception', reason: 'no such index' } } };
    replies = [missing, missing, missing];
    const e = engine();
    expect(await e.text({ communityId: 'c1', order: 'desc', limit: 5 })).toEqual({ hits: [], nextCursor: null });
    expect(await e.semantic({ communityId: 'c1', vector: [1, 0, 0], limit: 5 })).toEqual([]);
    expect(await e.stats('c1')).toEqual({ total: 0, embedded: 0 });
  });

  it('fails a bulk upsert when documents are rejected, naming the first error', async () => {
    replies = [
      { status: 200 },
      {
        status: 200,
        body: {
          errors: true,
          items: [
            { update: { _id: 'c1:m1', status: 200 } },
            {
              update: { _id: 'c1:m2', status: 400, error: { type: 'mapper_parsing_exception', reason: 'bad vector' } },
            },
          ],
        },
      },
    ];
    const err = await engine()
      .upsert([doc('m1'), doc('m2')])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenSearchError);
    expect(err).toMatchObject({ status: 400, type: 'mapper_parsing_exception' });
    expect((err as Error).message).toContain('1 of 2 bulk actions failed (first c1:m2: bad vector)');
  });

  it('deletes by id and ignores ids that are not indexed', async () => {
    replies = [
      { status: 200 },
      {
        status: 200,
        body: { errors: true, items: [{ delete: { _id: 'c1:gone', status: 404, result: 'not_found' } }] },
      },
    ];
    await engine().remove('c1', ['gone']);
    expect(ndjson(seen[1]!.body)).toEqual([{ delete: { _index: INDEX, _id: 'c1:gone', routing: 'c1' } }]);
  });

  it('retries a throttled request and then succeeds', async () => {
    replies = [
      { status: 429, body: { error: { type: 'too_many_requests', reason: 'slow down' } } },
      { status: 200, body: { hits: { total: { value: 1 }, hits: [] }, aggregations: { embedded: { doc_count: 1 } } } },
    ];
    expect(await engine().stats('c1')).toEqual({ total: 1, embedded: 1 });
    expect(seen).toHaveLength(2);
  });

  it('reports an error answer with its type and reason', async () => {
    replies = [{ status: 400, body: { error: { type: 'search_phase_execution_exception', reason: 'bad query' } } }];
    await expect(engine().stats('c1')).rejects.toMatchObject({
      name: 'OpenSearchError',
      status: 400,
      type: 'search_phase_execution_exception',
      reason: 'bad query',
    });
  });

  it('strips Hebrew prefixes in the index exactly as the local tokenizer does', () => {
    // Java and JavaScript read these patterns alike (\uXXXX escapes, a non-capturing group).
    const patterns = hebrewPrefixPatterns(MIN_STEM_INDEX).map((p) => new RegExp(p, 'u'));
    for (const word of ['ובבית', 'ושהילדים', 'כשהגענו', 'הספרים', 'בים', 'ספרים', 'לכשתגיעו', 'meeting']) {
      const token = normalize(word);
      const captured = patterns.map((re) => re.exec(token)?.[1]).filter((s): s is string => !!s);
      expect(captured.sort()).toEqual(hebrewStems(token, MIN_STEM_INDEX).sort());
    }
  });
});
