import type { AiClusterInput } from '../../../core/ports/ai';

/** Keywords a local label joins. */
const LABEL_KEYWORDS = 3;

/**
 * The local model's label of a topic cluster: its most distinctive keywords ("rent · lease ·
 * apartment"); without keywords, its most frequent topic; without either, what it is.
 */
export function labelClusterLocal(cluster: AiClusterInput): string {
  const keywords = cluster.keywords.slice(0, LABEL_KEYWORDS);
  if (keywords.length > 0) return keywords.join(' · ');
  if (cluster.topics[0]) return cluster.topics[0];
  return 'Messages without keywords';
}
