import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BedrockRuntimeClient, ConverseCommand, type ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import { parsePartnerships } from '@kehila/functions/adapters/ai/bedrock/business';
import { BedrockAiPort } from '@kehila/functions/adapters/ai/bedrock/provider';
import type { AiMemberProfile } from '@kehila/functions/core/ports/ai';

const bedrock = mockClient(BedrockRuntimeClient);
const recorded = JSON.parse(
  readFileSync(new URL('../../../../fixtures/ai/bedrock/converse-opportunities.json', import.meta.url), 'utf8'),
) as ConverseCommandOutput;

const port = () =>
  new BedrockAiPort({
    client: new BedrockRuntimeClient({ region: 'us-east-1' }),
    modelId: 'us.anthropic.claude-haiku-4-5-20251001-v1:0',
    embedModelId: 'cohere.embed-multilingual-v3',
    retries: 0,
  });

const member = (id: string, job_role: string): AiMemberProfile => ({
  id,
  name: id,
  job_role,
  company: null,
  headline: null,
  skills: [],
  location: null,
  decision_authority: null,
  revenue_potential_score: null,
  referral_value: null,
});
const messages = [
  { id: 'a', text: 'Good morning all', sender_name: 'Dana', timestamp: '2026-11-25T08:00:00.000Z' },
  {
    id: 'b',
    text: 'מישהו יכול להמליץ על רואה חשבון לעוסק מורשה?',
    sender_name: 'Avi',
    timestamp: '2026-11-25T08:01:00.000Z',
  },
];

describe('Bedrock business analyses (cited JSON, checked)', () => {
  beforeEach(() => bedrock.reset());

  it('keeps only opportunities citing messages of the batch, and only members it was given', async () => {
    bedrock.on(ConverseCommand).resolves(recorded);
    const found = await port().detectOpportunities({ messages, members: [member('cpa', 'CPA')], communityId: 'c' });
    expect(found).toEqual([
      expect.objectContaining({
        title: 'Accountant for a sole proprietor',
        message_ids: ['b'],
        matches: [{ member_id: 'cpa', reason: 'CPA at Katz & Co' }],
        service: { en: 'Accountant', he: 'רואה חשבון' },
        estimated_value: null,
      }),
    ]);
    const input = bedrock.commandCalls(ConverseCommand)[0]!.args[0].input;
    expect(input.toolConfig?.toolChoice).toEqual({ tool: { name: 'record_opportunities' } });
    expect(JSON.stringify(input.messages)).toContain('(b) Avi:');
    expect(JSON.stringify(input.messages)).toContain('cpa | CPA');
  });

  it('refuses an answer of the wrong shape rather than store it', async () => {
    bedrock.on(ConverseCommand).resolves({
      output: {
        message: {
          role: 'assistant',
          content: [
            { toolUse: { toolUseId: 't', name: 'record_opportunities', input: { opportunities: [{ title: 1 }] } } },
          ],
        },
      },
    } as unknown as ConverseCommandOutput);
    await expect(port().detectOpportunities({ messages, members: [], communityId: 'c' })).rejects.toThrow(
      'invalid opportunities',
    );
  });

  it('keeps partnerships of known, distinct members, each pair once, most compatible first', () => {
    const members = [member('a', 'Developer'), member('b', 'Designer'), member('c', 'Lawyer')];
    const answer = {
      partnerships: [
        { member_a_id: 'a', member_b_id: 'b', compatibility: 0.7, opportunity_type: 'joint_offering', reason: 'apps' },
        { member_a_id: 'b', member_b_id: 'a', compatibility: 0.9, opportunity_type: 'joint_offering', reason: 'again' },
        { member_a_id: 'a', member_b_id: 'ghost', compatibility: 0.99, opportunity_type: 'x', reason: 'unknown' },
        { member_a_id: 'c', member_b_id: 'c', compatibility: 0.99, opportunity_type: 'x', reason: 'self' },
        {
          member_a_id: 'c',
          member_b_id: 'a',
          compatibility: 0.8,
          opportunity_type: 'referral',
          reason: 'contracts',
          estimated_value_usd: 5000,
        },
      ],
    };
    expect(
      parsePartnerships(answer, members, 20).map((p) => [p.member_a_id, p.member_b_id, p.estimated_value]),
    ).toEqual([
      ['c', 'a', 5000],
      ['a', 'b', null],
    ]);
  });
});
