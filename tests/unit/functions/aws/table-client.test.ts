import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AwsError, awsJson } from '@kehila/functions/aws/http';
import { GetCommand, PutCommand, QueryCommand, TableClient } from '@kehila/functions/data/table-client';

/** A stubbed fetch answering each call in turn; the requests it saw are kept. */
function answers(...replies: (() => Response)[]) {
  const seen: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      seen.push(input);
      const next = replies.shift();
      if (!next) throw new Error('no more answers');
      return next();
    }),
  );
  return seen;
}
const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/x-amz-json-1.0' } });

describe('signed AWS JSON calls', () => {
  beforeEach(() => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    vi.stubEnv('AWS_SESSION_TOKEN', 'session');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it("signs with the environment's credentials and names the operation", async () => {
    const seen = answers(json(200, { ok: 1 }));
    await awsJson({ service: 'dynamodb', region: 'eu-west-1' }, { operation: 'DynamoDB_20120810.GetItem', version: '1.0', body: {} });
    const req = seen[0]!;
    expect(req.url).toBe('https://dynamodb.eu-west-1.amazonaws.com/');
    expect(req.headers.get('x-amz-target')).toBe('DynamoDB_20120810.GetItem');
    expect(req.headers.get('content-type')).toBe('application/x-amz-json-1.0');
    expect(req.headers.get('x-amz-security-token')).toBe('session');
    expect(req.headers.get('authorization')).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/dynamodb\/aws4_request/);
  });

  it('names an error by its type, so a failed condition reads as ConditionalCheckFailedException', async () => {
    answers(json(400, { __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException', message: 'no' }));
    const err = await awsJson({ service: 'dynamodb', region: 'r' }, { operation: 'x', version: '1.0', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AwsError);
    expect(err).toMatchObject({ name: 'ConditionalCheckFailedException', status: 400, message: 'no' });
  });

  it('retries throttling and server errors, then answers', async () => {
    const seen = answers(
      json(400, { __type: 'ProvisionedThroughputExceededException' }),
      json(500, { __type: 'InternalServerError' }),
      json(200, { done: true }),
    );
    await expect(
      awsJson({ service: 'dynamodb', region: 'r' }, { operation: 'x', version: '1.0', body: {} }),
    ).resolves.toEqual({ done: true });
    expect(seen).toHaveLength(3);
  });

  it('gives up after four attempts of a lasting throttle, and never retries a validation error', async () => {
    const throttled = answers(...Array.from({ length: 4 }, () => json(400, { __type: 'ThrottlingException' })));
    await expect(awsJson({ service: 's', region: 'r' }, { operation: 'x', version: '1.0', body: {} })).rejects.toThrow();
    expect(throttled).toHaveLength(4);
    const invalid = answers(json(400, { __type: 'ValidationException', message: 'bad' }));
    await expect(awsJson({ service: 's', region: 'r' }, { operation: 'x', version: '1.0', body: {} })).rejects.toThrow(
      'bad',
    );
    expect(invalid).toHaveLength(1);
  });

  it('needs credentials in the cloud, and signs with stand-ins against a local engine', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', '');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', '');
    delete process.env.AWS_ACCESS_KEY_ID;
    delete process.env.AWS_SECRET_ACCESS_KEY;
    await expect(awsJson({ service: 's', region: 'r' }, { operation: 'x', version: '1.0', body: {} })).rejects.toThrow(
      'AWS credentials are not in the environment',
    );
    answers(json(200, {}));
    await expect(
      awsJson({ service: 's', region: 'r', endpoint: 'http://127.0.0.1:8000' }, { operation: 'x', version: '1.0', body: {} }),
    ).resolves.toEqual({});
  });
});

describe('table client', () => {
  const table = new TableClient({ region: 'us-east-1', endpoint: 'http://127.0.0.1:8000' });
  afterEach(() => vi.unstubAllGlobals());

  it('marshals a put, binary as base64, and drops undefined fields', async () => {
    const seen = answers(json(200, {}));
    await table.send(
      new PutCommand({
        TableName: 't',
        Item: { pk: 'a', n: 3, tags: new Set(['x']), v: new Uint8Array([1, 2, 255]), gone: undefined },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    expect(JSON.parse(await seen[0]!.text())).toEqual({
      TableName: 't',
      Item: { pk: { S: 'a' }, n: { N: '3' }, tags: { SS: ['x'] }, v: { B: 'AQL/' } },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
  });

  it('unmarshals what it reads, binary back to bytes and nested maps and lists included', async () => {
    answers(json(200, { Item: { pk: { S: 'a' }, v: { B: 'AQL/' }, m: { M: { l: { L: [{ N: '1' }, { S: 'two' }] } } } } }));
    const res = await table.send(new GetCommand({ TableName: 't', Key: { pk: 'a' } }));
    expect(res.Item).toEqual({ pk: 'a', v: new Uint8Array([1, 2, 255]), m: { l: [1, 'two'] } });
  });

  it('marshals query values and the start key, and unmarshals the items and the next key', async () => {
    const seen = answers(
      json(200, { Items: [{ pk: { S: 'p' }, sk: { S: '1' } }], LastEvaluatedKey: { pk: { S: 'p' }, sk: { S: '1' } } }),
    );
    const res = await table.send(
      new QueryCommand({
        TableName: 't',
        KeyConditionExpression: '#p = :p',
        ExpressionAttributeNames: { '#p': 'pk' },
        ExpressionAttributeValues: { ':p': 'p' },
        ExclusiveStartKey: { pk: 'p', sk: '0' },
      }),
    );
    expect(JSON.parse(await seen[0]!.text())).toMatchObject({
      ExpressionAttributeValues: { ':p': { S: 'p' } },
      ExclusiveStartKey: { pk: { S: 'p' }, sk: { S: '0' } },
    });
    expect(res.Items).toEqual([{ pk: 'p', sk: '1' }]);
    expect(res.LastEvaluatedKey).toEqual({ pk: 'p', sk: '1' });
  });
});
