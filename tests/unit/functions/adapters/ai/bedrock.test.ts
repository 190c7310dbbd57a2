import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  AccessDeniedException,
  BedrockRuntimeClient,
  ConverseCommand,
  InvokeModelCommand,
  ThrottlingException,
  type ConverseCommandInput,
  type ConverseCommandOutput,
  type InvokeModelCommandOutput,
} from '@aws-sdk/client-bedrock-runtime';
import { EMOTIONS, INTENTS, type Message } from '@kehila/shared';
import { BedrockAiPort, isRetryable, parseEnrichments } from '@kehila/functions/adapters/ai/bedrock/provider';
import { fillTemplate } from '@kehila/functions/adapters/ai/bedrock/prompts';
import { LocalAiPort } from '@kehila/functions/adapters/ai/local/provider';
import { MemoryModelStore } from '@kehila/functions/adapters/ai/local/model-store';
import { TOPIC_LABELS } from '@kehila/functions/adapters/ai/topics';

const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`../../../../fixtures/ai/bedrock/${name}`, import.meta.url), 'utf8')) as T;

const bedrock = mockClient(BedrockRuntimeClient);

function port(over: { embedModelId?: string; retries?: number } = {}) {
  const sleeps: number[] = [];
  const p = new BedrockAiPort({
    client: new BedrockRuntimeClient({ region: 'us-east-1' }),
    modelId: 'us.anthropic.claude-haiku-4-5-20251001-v1:0',
    embedModelId: over.embedModelId ?? 'cohere.embed-multilingual-v3',
    fallback: new LocalAiPort({ store: new MemoryModelStore() }),
    retries: over.retries ?? 3,
    baseDelayMs: 100,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  return { p, sleeps };
}

function invokeBody(json: unknown): InvokeModelCommandOutput {
  return {
    body: new TextEncoder().encode(JSON.stringify(json)),
    contentType: 'application/json',
    $metadata: { httpStatusCode: 200 },
  } as unknown as InvokeModelCommandOutput;
}

function sentBody(i = 0): Record<string, unknown> {
  const body = bedrock.commandCalls(InvokeModelCommand)[i]!.args[0].input.body as string;
  return JSON.parse(body) as Record<string, unknown>;
}

function converseInput(i = 0): ConverseCommandInput {
  return bedrock.commandCalls(ConverseCommand)[i]!.args[0].input;
}

const msgs = [
  {
    id: 'a',
    text: "We're hiring a backend developer in Tel Aviv, send your CV to Dana",
    sender_name: 'Dana',
    timestamp: '2025-03-01T08:00:00.000Z',
  },
  {
    id: 'b',
    text: 'מישהו יכול להמליץ על רואה חשבון לעוסק מורשה?',
    sender_name: 'Avi',
    timestamp: '2025-03-01T08:01:00.000Z',
  },
  {
    id: 'c',
    text: 'דחוף!!! מישהו יודע חשמלאי שיכול להגיע היום?',
    sender_name: 'Noa',
    timestamp: '2025-03-01T08:02:00.000Z',
  },
];

const message = (over: Partial<Message>): Message => ({
  msg_id: 'm-1',
  group_id: '120363041234567890@g.us',
  content: 'hello',
  timestamp: '2025-03-01T08:00:00.000Z',
  Sender_name: 'Avi',
  sender_hash: null,
  topic: null,
  keywords: [],
  urgency: 'low',
  sentiment: 0,
  action_items: [],
  emotion: 'neutral',
  intent: 'social',
  cluster_id: null,
  toxicity: 0,
  ...over,
});

beforeEach(() => bedrock.reset());

describe('Bedrock enrich', () => {
  it('sends the whole batch in one Converse call that forces the labelling tool', async () => {
    bedrock.on(ConverseCommand).resolves(fixture<ConverseCommandOutput>('converse-enrich.json'));
    await port().p.enrich(msgs, { communityId: 'c1' });

    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(1);
    const input = converseInput();
    expect(input.modelId).toBe('us.anthropic.claude-haiku-4-5-20251001-v1:0');
    expect(input.toolConfig?.toolChoice).toEqual({ tool: { name: 'record_enrichments' } });
    const schema = input.toolConfig?.tools?.[0]?.toolSpec?.inputSchema?.json as {
      properties: { results: { items: { properties: Record<string, { enum?: unknown[] }> } } };
    };
    expect(schema.properties.results.items.properties.intent!.enum).toEqual([...INTENTS]);
    expect(schema.properties.results.items.properties.emotion!.enum).toEqual([...EMOTIONS]);
    expect(input.inferenceConfig?.temperature).toBe(0);
    const user = input.messages?.[0]?.content?.[0]?.text ?? '';
    for (const m of msgs) expect(user).toContain(JSON.stringify(m.text));
  });

  it('keeps valid labels and falls back to the local provider for an invalid one', async () => {
    bedrock.on(ConverseCommand).resolves(fixture<ConverseCommandOutput>('converse-enrich.json'));
    const out = await port().p.enrich(msgs, { communityId: 'c1' });

    expect(out).toHaveLength(3);
    expect(out[0]).toMatchObject({
      topic: 'Hiring & Jobs',
      intent: 'announcement',
      action_items: ['Send your CV to Dana'],
    });
    expect(out[1]).toMatchObject({
      topic: 'Recommendations & Suppliers',
      keywords: ['רואה חשבון', 'עוסק מורשה'],
      urgency: 'medium',
    });
    // the model answered "urgent"/"happy"/"chat" for the third: the local labels replace it
    expect(out[2]!.urgency).toBe('high');
    expect(INTENTS).toContain(out[2]!.intent);
    expect(EMOTIONS).toContain(out[2]!.emotion);
  });

  it('uses the local labels for every message when the model refuses the call', async () => {
    bedrock.on(ConverseCommand).rejects(new AccessDeniedException(fixture('access-denied-error.json')));
    const out = await port().p.enrich(msgs, { communityId: 'c1' });
    expect(out.map((e) => e.topic)).toEqual([
      'Hiring & Jobs',
      'Recommendations & Suppliers',
      'Recommendations & Suppliers',
    ]);
  });

  it('retries throttling with growing backoff, then succeeds', async () => {
    bedrock
      .on(ConverseCommand)
      .rejectsOnce(new ThrottlingException(fixture('throttling-error.json')))
      .rejectsOnce(new ThrottlingException(fixture('throttling-error.json')))
      .resolves(fixture<ConverseCommandOutput>('converse-enrich.json'));
    const { p, sleeps } = port();
    const out = await p.enrich(msgs, { communityId: 'c1' });

    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[1]!).toBeGreaterThan(sleeps[0]! * 0.9);
    expect(out[0]!.topic).toBe('Hiring & Jobs');
  });

  it('fails the batch when throttling outlives the retries, so the queue redelivers it', async () => {
    bedrock.on(ConverseCommand).rejects(new ThrottlingException(fixture('throttling-error.json')));
    await expect(port({ retries: 2 }).p.enrich(msgs, { communityId: 'c1' })).rejects.toThrow(/Too many requests/);
    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(3);
  });

  it('accepts only well-formed results for known message indexes', () => {
    const parsed = parseEnrichments(
      {
        results: [
          {
            i: 0,
            topic: null,
            keywords: [],
            urgency: 'low',
            sentiment: 0.3333,
            emotion: 'joy',
            intent: 'social',
            toxicity: 0,
            action_items: [],
          },
          {
            i: 0,
            topic: null,
            keywords: [],
            urgency: 'low',
            sentiment: 0,
            emotion: 'joy',
            intent: 'social',
            toxicity: 0,
            action_items: [],
          },
          {
            i: 7,
            topic: null,
            keywords: [],
            urgency: 'low',
            sentiment: 0,
            emotion: 'joy',
            intent: 'social',
            toxicity: 0,
            action_items: [],
          },
          {
            i: 1,
            topic: 'Nope',
            keywords: [],
            urgency: 'low',
            sentiment: 0,
            emotion: 'joy',
            intent: 'social',
            toxicity: 0,
            action_items: [],
          },
        ],
      },
      2,
    );
    expect([...parsed.keys()]).toEqual([0]);
    expect(parsed.get(0)!.sentiment).toBe(0.333);
    expect(parseEnrichments(undefined, 2).size).toBe(0);
  });
});

describe('Bedrock embeddings', () => {
  it('embeds documents and queries with Cohere input types, as unit vectors of 1024 dimensions', async () => {
    bedrock.on(InvokeModelCommand).resolves(invokeBody(fixture('cohere-embed-response.json')));
    const { p } = port();
    expect(p.embeddingDimensions).toBe(1024);
    const docs = await p.embed(["we're hiring a backend developer", 'דרוש מתכנת'], {
      communityId: 'c1',
      purpose: 'document',
    });
    await p.embed(["we're hiring a backend developer", 'דרוש מתכנת'], { communityId: 'c1', purpose: 'query' });

    expect(bedrock.commandCalls(InvokeModelCommand)[0]!.args[0].input.modelId).toBe('cohere.embed-multilingual-v3');
    expect(sentBody(0)).toEqual({
      texts: ["we're hiring a backend developer", 'דרוש מתכנת'],
      input_type: 'search_document',
      truncate: 'END',
    });
    expect(sentBody(1).input_type).toBe('search_query');
    expect(docs).toHaveLength(2);
    for (const v of docs) {
      expect(v).toHaveLength(1024);
      expect(Math.hypot(...v)).toBeCloseTo(1, 6);
    }
  });

  it('sends at most 96 texts per Cohere call and keeps the order', async () => {
    const body = fixture<{ embeddings: number[][] }>('cohere-embed-response.json');
    bedrock.on(InvokeModelCommand).callsFake((input: { body: string }) => {
      const n = (JSON.parse(input.body) as { texts: string[] }).texts.length;
      return invokeBody({ ...body, embeddings: Array.from({ length: n }, (_, i) => body.embeddings[i % 2]) });
    });
    const texts = Array.from({ length: 100 }, (_, i) => `message ${i}`);
    const out = await port().p.embed(texts, { communityId: 'c1', purpose: 'document' });
    expect(
      bedrock
        .commandCalls(InvokeModelCommand)
        .map((c) => (JSON.parse(c.args[0].input.body as string) as { texts: string[] }).texts.length),
    ).toEqual([96, 4]);
    expect(out).toHaveLength(100);
  });

  it('rejects an answer with the wrong number of vectors', async () => {
    bedrock
      .on(InvokeModelCommand)
      .resolves(invokeBody({ ...fixture<object>('cohere-embed-response.json'), embeddings: [[1, 0]] }));
    await expect(port().p.embed(['a', 'b'], { communityId: 'c1', purpose: 'document' })).rejects.toThrow(
      /1 embeddings for 2 texts/,
    );
  });

  it('embeds with Titan v2, one text per call, normalised', async () => {
    bedrock.on(InvokeModelCommand).resolves(invokeBody(fixture('titan-embed-response.json')));
    const { p } = port({ embedModelId: 'amazon.titan-embed-text-v2:0' });
    const out = await p.embed(['hello', 'שלום'], { communityId: 'c1', purpose: 'query' });
    expect(bedrock.commandCalls(InvokeModelCommand)).toHaveLength(2);
    expect(sentBody(0)).toEqual({ inputText: 'hello', dimensions: 1024, normalize: true });
    expect(Math.hypot(...out[1]!)).toBeCloseTo(1, 6);
  });

  it('retries a throttled embedding call', async () => {
    bedrock
      .on(InvokeModelCommand)
      .rejectsOnce(new ThrottlingException(fixture('throttling-error.json')))
      .resolves(invokeBody(fixture('cohere-embed-response.json')));
    const out = await port().p.embed(['a', 'b'], { communityId: 'c1', purpose: 'document' });
    expect(out).toHaveLength(2);
    expect(bedrock.commandCalls(InvokeModelCommand)).toHaveLength(2);
  });

  it('names its embedding version after the model, the same for every community', async () => {
    const { p } = port();
    expect(await p.embeddingVersion('c1')).toBe('bedrock:cohere.embed-multilingual-v3:1024');
    expect(await p.embeddingVersion('c2')).toBe(await p.embeddingVersion('c1'));
  });
});

describe('Bedrock summaries and actions', () => {
  const hebrewCommunity = {
    communityId: 'c1',
    name: 'מייסדים',
    group_description: 'קהילת יזמים',
    group_goals: 'לגייס ולצמוח',
    admin_name: 'רונית',
    group_language: 'Hebrew',
  };

  it('fills the community prompt template and asks for cited JSON in Hebrew for a Hebrew community', async () => {
    bedrock.on(ConverseCommand).resolves(fixture<ConverseCommandOutput>('converse-summary-cited.json'));
    await port().p.summarize({
      messages: [message({ msg_id: 'm-1', content: 'דרוש מפתח בקאנד' })],
      community: hebrewCommunity,
      lastSummary: 'סיכום קודם',
      prompts: {
        system_prompt: 'You are kind.',
        user_prompt:
          'Goals: {{groupGoals}} / Admins: {adminNames} / About: {{groupDescription}}\n{{messageData}}\nLast: ${lastSummary}',
      },
    });
    const input = converseInput();
    expect(input.system?.[0]?.text).toContain('You are kind.');
    const user = input.messages?.[0]?.content?.[0]?.text ?? '';
    expect(user).toContain('Goals: לגייס ולצמוח / Admins: רונית / About: קהילת יזמים');
    expect(user).toContain('Last: סיכום קודם');
    expect(user).toContain('(m-1) Avi: דרוש מפתח בקאנד');
    expect(user).toContain('Write the summary in Hebrew');
    expect(user).toContain('message_ids');
    expect(input.toolConfig?.toolChoice).toEqual({ tool: { name: 'record_summary' } });
  });

  it('keeps only citations of the given messages and drops lines left citing none', async () => {
    bedrock.on(ConverseCommand).resolves(fixture<ConverseCommandOutput>('converse-summary-cited.json'));
    const out = await port().p.summarize({
      messages: [
        message({ msg_id: 'm-1', content: 'דרוש מפתח בקאנד, קו"ח לדנה', Sender_name: 'דנה', urgency: 'high' }),
        message({ msg_id: 'm-2', content: 'מישהו מכיר רואה חשבון?', Sender_name: 'אבי' }),
      ],
      community: hebrewCommunity,
      lastSummary: null,
    });
    expect(out.language).toBe('he');
    expect(out.sections.key_topics).toEqual([
      { text: '**גיוס**: דנה מחפשת מפתח בקאנד.', message_ids: ['m-1'] },
      { text: '**המלצות**: מישהו שאל על רואה חשבון.', message_ids: ['m-2'] },
    ]);
    expect(out.sections.action_items).toEqual([{ text: 'לשלוח קורות חיים לדנה — דנה', message_ids: ['m-1'] }]);
    expect(out.sections.recommended_actions).toEqual([]);
    expect(out.sections.quick_stats.map((s) => s.text)).toContain('הודעות: 2');
    expect(out.sections.quick_stats.find((s) => s.text.startsWith('הודעות דחופות'))?.message_ids).toEqual(['m-1']);
    expect(out.text).toContain('## Key Topics — נושאים מרכזיים');
    expect(out.text).not.toContain('מסיבה');
  });

  it('refuses a summary the model did not return through the tool', async () => {
    bedrock.on(ConverseCommand).resolves(fixture<ConverseCommandOutput>('converse-summary.json'));
    await expect(
      port().p.summarize({ messages: [message({})], community: hebrewCommunity, lastSummary: null }),
    ).rejects.toThrow('Bedrock returned an invalid summary');
  });

  it('turns the generated action into details with the S2 conventions', async () => {
    bedrock.on(ConverseCommand).resolves(fixture<ConverseCommandOutput>('converse-action.json'));
    const out = await port().p.generateAction({
      message_content: 'Dana, please send the updated budget by Friday',
      Sender_name: 'Avi',
      topic: null,
    });
    expect(converseInput().toolConfig?.toolChoice).toEqual({ tool: { name: 'create_action' } });
    expect(out.title).toBe('Send the updated budget');
    expect(out.details).toContain('Sender: Avi');
    expect(out.details).toContain('Topic: N/A');
    expect(out.details).toContain('### Evidence:\n"Dana, please send the updated budget by Friday"');
    expect(out.details).toContain('### Assigned to: @Dana');
  });

  it('falls back to the local action when the model answers without the tool', async () => {
    bedrock.on(ConverseCommand).resolves(fixture<ConverseCommandOutput>('converse-summary.json'));
    const out = await port().p.generateAction({
      message_content: 'Please book the room for Sunday',
      Sender_name: null,
      topic: 'Events',
    });
    expect(out.title).toBe('Please book the room for Sunday');
    expect(out.details).toContain('Sender: N/A');
  });

  it('validates suggested actions, cuts long titles to 50 characters and references the source message', async () => {
    bedrock.on(ConverseCommand).resolves(fixture<ConverseCommandOutput>('converse-suggest.json'));
    const out = await port().p.suggestActions({
      messages: [
        message({
          msg_id: 'm-2',
          content: 'Can anyone recommend a good accountant?',
          Sender_name: 'Avi',
          topic: 'Recommendations & Suppliers',
        }),
      ],
      community: {
        communityId: 'c1',
        name: 'Founders',
        group_description: null,
        group_goals: 'grow',
        admin_name: null,
        group_language: 'English',
      },
    });
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({ title: 'Reply to Avi about the accountant', priority: 'medium', assigned_to: null });
    expect(out[0]!.details).toContain('Reference: m-2');
    expect(out[0]!.details).toContain('Sender: Avi');
    expect(out[1]!.title.length).toBeLessThanOrEqual(50);
    expect(out[1]).toMatchObject({ priority: 'high', assigned_to: 'Noa' });
  });
});

describe('Bedrock helpers', () => {
  it.each([
    [new ThrottlingException({ message: 'slow down', $metadata: {} }), true],
    [new AccessDeniedException({ message: 'no', $metadata: {} }), false],
    [Object.assign(new Error('x'), { $metadata: { httpStatusCode: 503 } }), true],
    [new Error('plain'), false],
  ])('decides whether %s is retryable', (err, expected) => {
    expect(isRetryable(err)).toBe(expected);
  });

  it('fills every template syntax and leaves unknown variables alone', () => {
    expect(fillTemplate('{{a}} {b} ${c} {{ d }} {x}', { a: '1', b: '2', c: '3', d: '4' })).toBe('1 2 3 4 {x}');
  });

  it('asks for topics from the local taxonomy so both providers chart the same labels', () => {
    expect(TOPIC_LABELS).toContain('Hiring & Jobs');
    expect(TOPIC_LABELS).toHaveLength(12);
  });
});
