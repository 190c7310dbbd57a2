/**
 * The Bedrock business analyses (docs/business-intelligence.md): the model is asked, through a forced
 * tool, for JSON that cites the ids of the messages and members it was given; zod validates the shape
 * and every id is checked against the input — an opportunity citing no message of the batch, a match
 * to an unknown member or a partnership of unknown members is dropped, never stored.
 */
import * as z from 'zod';
import { OpportunityTypeSchema, OpportunityUrgencySchema } from '@kehila/shared';
import type {
  AiInputMessage,
  AiMemberProfile,
  DetectedOpportunity,
  SuggestedPartnership,
} from '../../../core/ports/ai';

export const OPPORTUNITY_TOOL = 'record_opportunities';
export const PARTNER_TOOL = 'record_partnerships';

export const OPPORTUNITY_SYSTEM = `You find business opportunities in the messages of a professional WhatsApp community: a member asking for a service, a supplier, a hire, an investor or a partner, in Hebrew or English. An offer of one's own services, a recommendation, a question of fact or small talk is not an opportunity. For each opportunity cite the ids of the messages it comes from (only ids given to you), give the budget in shekels only when a message states an amount (convert dollars at 3.7; otherwise null), the deadline in days only when a message states one (otherwise null), a confidence between 0 and 1, and the members (only ids from the member list) whose profile offers what is asked, best first, each with a short reason quoting their profile. Write titles and descriptions in English; give the service's name in English and in Hebrew.`;

export const PARTNER_SYSTEM = `You suggest strategic partnerships between members of a professional community: two members whose services complement each other (they could sell together or refer clients to each other). Use only member ids from the list; never pair two members of the same company. Give a compatibility between 0 and 1, the kind of partnership, a one-sentence reason grounded in both profiles, and a value in dollars only when the profiles give figures to estimate it from (otherwise null).`;

const id = { type: 'string' } as const;

export const OPPORTUNITY_TOOL_SCHEMA = {
  type: 'object',
  properties: {
    opportunities: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          title: { type: 'string' },
          description: { type: 'string' },
          opportunity_type: { type: 'string', enum: OpportunityTypeSchema.options },
          estimated_value_ils: { type: ['number', 'null'] },
          confidence: { type: 'number' },
          urgency: { type: 'string', enum: OpportunityUrgencySchema.options },
          timeline_days: { type: ['integer', 'null'] },
          service_en: { type: 'string' },
          service_he: { type: 'string' },
          action_items: { type: 'array', items: { type: 'string' } },
          message_ids: { type: 'array', items: id },
          matches: {
            type: 'array',
            items: {
              type: 'object',
              properties: { member_id: id, reason: { type: 'string' } },
              required: ['member_id', 'reason'],
            },
          },
        },
        required: [
          'title',
          'description',
          'opportunity_type',
          'confidence',
          'urgency',
          'service_en',
          'service_he',
          'message_ids',
          'matches',
        ],
      },
    },
  },
  required: ['opportunities'],
} as const;

export const PARTNER_TOOL_SCHEMA = {
  type: 'object',
  properties: {
    partnerships: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          member_a_id: id,
          member_b_id: id,
          compatibility: { type: 'number' },
          opportunity_type: { type: 'string' },
          reason: { type: 'string' },
          estimated_value_usd: { type: ['number', 'null'] },
        },
        required: ['member_a_id', 'member_b_id', 'compatibility', 'opportunity_type', 'reason'],
      },
    },
  },
  required: ['partnerships'],
} as const;

const OpportunityAnswerSchema = z.object({
  opportunities: z.array(
    z.object({
      title: z.string().trim().min(1).max(200),
      description: z.string().trim().max(2000),
      opportunity_type: OpportunityTypeSchema,
      estimated_value_ils: z.number().nonnegative().nullish(),
      confidence: z.number().min(0).max(1),
      urgency: OpportunityUrgencySchema,
      timeline_days: z.number().int().nonnegative().max(3650).nullish(),
      service_en: z.string().trim().min(1).max(100),
      service_he: z.string().trim().min(1).max(100),
      action_items: z.array(z.string().trim().min(1).max(300)).max(10).default([]),
      message_ids: z.array(z.string()),
      matches: z.array(z.object({ member_id: z.string(), reason: z.string().trim().max(500) })).default([]),
    }),
  ),
});

const PartnerAnswerSchema = z.object({
  partnerships: z.array(
    z.object({
      member_a_id: z.string(),
      member_b_id: z.string(),
      compatibility: z.number().min(0).max(1),
      opportunity_type: z.string().trim().min(1).max(60),
      reason: z.string().trim().min(1).max(500),
      estimated_value_usd: z.number().nonnegative().nullish(),
    }),
  ),
});

/** The messages and member directory as the model reads them (ids in parentheses). */
export function opportunityPrompt(messages: readonly AiInputMessage[], members: readonly AiMemberProfile[]): string {
  const lines = messages
    .filter((m) => m.text.trim())
    .map(
      (m) =>
        `[${m.timestamp.slice(0, 16).replace('T', ' ')}] (${m.id}) ${m.sender_name ?? 'unknown'}: ${m.text.replace(/\s+/g, ' ').trim().slice(0, 1500)}`,
    );
  return `Members (id | role | company | skills):\n${memberDirectory(members)}\n\nMessages:\n${lines.join('\n')}`;
}

/** One line per member: what their profile offers. */
export function memberDirectory(members: readonly AiMemberProfile[]): string {
  return members
    .map((m) =>
      [m.id, m.job_role ?? m.headline ?? '', m.company ?? '', m.skills.slice(0, 8).join(', ')]
        .map((p) => p.replace(/[|\n]/g, ' '))
        .join(' | '),
    )
    .join('\n');
}

/** Validates the opportunity tool's answer and checks every cited id; throws when the shape is wrong. */
export function parseOpportunities(
  input: unknown,
  messages: readonly AiInputMessage[],
  members: readonly AiMemberProfile[],
): { opportunities: DetectedOpportunity[]; dropped: number } {
  const parsed = OpportunityAnswerSchema.safeParse(input);
  if (!parsed.success) throw new Error('Bedrock returned invalid opportunities');
  const msgIds = new Set(messages.map((m) => m.id));
  const memberIds = new Set(members.map((m) => m.id));
  const out: DetectedOpportunity[] = [];
  let dropped = 0;
  for (const o of parsed.data.opportunities) {
    const cited = [...new Set(o.message_ids.filter((i) => msgIds.has(i)))];
    if (cited.length === 0) {
      dropped++;
      continue;
    }
    out.push({
      title: o.title,
      description: o.description,
      opportunity_type: o.opportunity_type,
      estimated_value: o.estimated_value_ils == null ? null : Math.round(o.estimated_value_ils),
      confidence: Math.round(o.confidence * 100) / 100,
      urgency: o.urgency,
      timeline_days: o.timeline_days ?? null,
      service: { en: o.service_en, he: o.service_he },
      action_items: o.action_items,
      message_ids: cited,
      matches: o.matches.filter((m) => memberIds.has(m.member_id)).slice(0, 5),
    });
  }
  return { opportunities: out, dropped };
}

/** Validates the partnership tool's answer: known, distinct members, each pair once, at most `max`. */
export function parsePartnerships(
  input: unknown,
  members: readonly AiMemberProfile[],
  max: number,
): SuggestedPartnership[] {
  const parsed = PartnerAnswerSchema.safeParse(input);
  if (!parsed.success) throw new Error('Bedrock returned invalid partnerships');
  const ids = new Set(members.map((m) => m.id));
  const seen = new Set<string>();
  const out: SuggestedPartnership[] = [];
  for (const p of parsed.data.partnerships) {
    if (!ids.has(p.member_a_id) || !ids.has(p.member_b_id) || p.member_a_id === p.member_b_id) continue;
    const key = [p.member_a_id, p.member_b_id].sort().join('|');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      member_a_id: p.member_a_id,
      member_b_id: p.member_b_id,
      compatibility: Math.round(p.compatibility * 100) / 100,
      opportunity_type: p.opportunity_type,
      reason: p.reason,
      estimated_value: p.estimated_value_usd ?? null,
    });
  }
  return out.sort((a, b) => b.compatibility - a.compatibility).slice(0, max);
}
