import * as z from 'zod';
import type { AiClusterInput } from '../../../core/ports/ai';

export const CLUSTER_TOOL = 'record_cluster_labels';

/** Longest label kept (a chart legend and a card title). */
export const CLUSTER_LABEL_MAX = 60;

export const CLUSTER_SYSTEM = `You name topic clusters of a WhatsApp community's messages (Hebrew, English or both) for its admins.
Each cluster is a group of messages close in meaning. For each cluster return, through the ${CLUSTER_TOOL} tool, its index "i" and a label:
- 2 to 5 words saying what the members talk about in it (e.g. "Apartment rentals in Tel Aviv", "Hiring React developers");
- in the language most of its example messages are written in;
- grounded in the keywords and examples given; never invent a subject that is not there.`;

/** The tool's JSON schema: one label per cluster index. */
export const CLUSTER_TOOL_SCHEMA = {
  type: 'object',
  properties: {
    labels: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          i: { type: 'integer', minimum: 0 },
          label: { type: 'string', maxLength: CLUSTER_LABEL_MAX },
        },
        required: ['i', 'label'],
      },
    },
  },
  required: ['labels'],
} as const;

const ClusterLabelsSchema = z.object({
  labels: z.array(z.object({ i: z.number().int().nonnegative(), label: z.string().trim().min(1) })),
});

/** The user prompt: each cluster with its index, size, keywords, topics and examples. */
export function clusterPrompt(clusters: readonly AiClusterInput[]): string {
  return clusters
    .map((c, i) =>
      [
        `Cluster ${i} (${c.size} messages)`,
        `keywords: ${c.keywords.join(', ') || '(none)'}`,
        `topics: ${c.topics.join(', ') || '(none)'}`,
        ...c.examples.map((e) => `- ${e.replace(/\s+/g, ' ').slice(0, 300)}`),
      ].join('\n'),
    )
    .join('\n\n');
}

/**
 * Validates the tool's answer: a label for every cluster index, or null (an answer that misses one
 * is not used: a cluster is not passed off as named by the model when it was not).
 */
export function parseClusterLabels(input: unknown, count: number): string[] | null {
  const parsed = ClusterLabelsSchema.safeParse(input);
  if (!parsed.success) return null;
  const labels = new Map<number, string>();
  for (const l of parsed.data.labels) if (l.i < count && !labels.has(l.i)) labels.set(l.i, l.label.slice(0, CLUSTER_LABEL_MAX));
  if (labels.size !== count) return null;
  return Array.from({ length: count }, (_, i) => labels.get(i) ?? '');
}
