import { sentimentColor, urgencyColor, type Urgency } from '@kehila/shared';
import { ColorBadge, ColorDot } from './color-badge';

const URGENCY_LABEL: Record<Urgency, string> = { high: 'High', medium: 'Medium', low: 'Low' };

/** Urgency of a message or thread (S2 §2.1: high red, medium amber, low green). */
export function UrgencyBadge({ urgency }: { urgency: Urgency | null }) {
  if (!urgency) return <ColorBadge color="grey">None</ColorBadge>;
  return (
    <ColorBadge color={urgencyColor(urgency)} title={`Urgency: ${URGENCY_LABEL[urgency]}`}>
      {URGENCY_LABEL[urgency]}
    </ColorBadge>
  );
}

/** Sentiment words by colour (the colour thresholds are S2 §2.1's: above 0.5, below -0.5). */
const SENTIMENT_WORD = { green: 'Positive', red: 'Negative', amber: 'Neutral', grey: 'No sentiment' } as const;

/** Text of a sentiment score, e.g. "Positive (0.72)". */
export function sentimentLabel(sentiment: number | null): string {
  const word = SENTIMENT_WORD[sentimentColor(sentiment)];
  return sentiment === null ? word : `${word} (${sentiment.toFixed(2)})`;
}

/** Sentiment as a badge (cards, thread cards). */
export function SentimentBadge({ sentiment }: { sentiment: number | null }) {
  return <ColorBadge color={sentimentColor(sentiment)}>{sentimentLabel(sentiment)}</ColorBadge>;
}

/** Sentiment as a dot with its label for screen readers and as a tooltip (table rows). */
export function SentimentDot({ sentiment }: { sentiment: number | null }) {
  return <ColorDot color={sentimentColor(sentiment)} label={`Sentiment: ${sentimentLabel(sentiment)}`} />;
}
