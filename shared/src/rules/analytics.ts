import {
  ACTIVITY_TIER_THRESHOLDS,
  AVG_MSGS_DIVISOR_END_ONLY_DAYS,
  AVG_MSGS_DIVISOR_NO_DATES_DAYS,
  KEYWORDS_FONT_REM_MAX,
  KEYWORDS_FONT_REM_MIN,
  KEYWORDS_OPACITY_MAX,
  KEYWORDS_OPACITY_MIN,
  OVERALL_URGENCY_HIGH_ABOVE,
  OVERALL_URGENCY_MEDIUM_ABOVE,
  SENTIMENT_NEGATIVE_BELOW,
  SENTIMENT_POSITIVE_ABOVE,
  TOPIC_SHADE_THRESHOLDS,
  TOXICITY_DAILY_WARNING_ABOVE,
  TOXICITY_TIER_THRESHOLDS,
} from '../constants';

/** Sentiment label of a score (S2 §9): above 0.1 Positive, below -0.1 Negative, else Neutral. */
export function sentimentLabel(score: number): 'Positive' | 'Neutral' | 'Negative' {
  if (score > SENTIMENT_POSITIVE_ABOVE) return 'Positive';
  if (score < SENTIMENT_NEGATIVE_BELOW) return 'Negative';
  return 'Neutral';
}

/** Overall urgency (S2 §9): high above a 20% high-urgency share, medium above 10%, normal with no messages. */
export function overallUrgency(high: number, total: number): 'high' | 'medium' | 'low' | 'normal' {
  if (total <= 0) return 'normal';
  const share = high / total;
  if (share > OVERALL_URGENCY_HIGH_ABOVE) return 'high';
  if (share > OVERALL_URGENCY_MEDIUM_ABOVE) return 'medium';
  return 'low';
}

/** Colour tier of an activity-hours bar by its share of the peak (S2 §9): 3 (over 0.7) to 0 (0.1 or less). */
export function activityTier(count: number, peak: number): 0 | 1 | 2 | 3 {
  if (peak <= 0) return 0;
  const share = count / peak;
  const [hi, mid, lo] = ACTIVITY_TIER_THRESHOLDS;
  if (share > hi) return 3;
  if (share > mid) return 2;
  if (share > lo) return 1;
  return 0;
}

/** Toxicity tier of an average (S2 §9): above 0.7, above 0.4, above 0.2, else low. */
export function toxicityTier(avg: number): 'severe' | 'high' | 'moderate' | 'low' {
  const [severe, high, moderate] = TOXICITY_TIER_THRESHOLDS;
  if (avg > severe) return 'severe';
  if (avg > high) return 'high';
  if (avg > moderate) return 'moderate';
  return 'low';
}

/** True when a day's average toxicity calls for the warning (S2 §9: above 0.3). */
export function toxicityWarning(avg: number): boolean {
  return avg > TOXICITY_DAILY_WARNING_ABOVE;
}

/** Shade step (0–4) of a topic bar by its ratio to the largest topic (S2 §9 thresholds 0.2, 0.4, 0.6, 0.8). */
export function topicShade(count: number, max: number): number {
  if (max <= 0) return 0;
  const ratio = count / max;
  return TOPIC_SHADE_THRESHOLDS.filter((t) => ratio > t).length;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Keyword cloud style (S2 §9): font size 0.8–2 rem and opacity 0.6–1, by the share of the top keyword. */
export function keywordStyle(count: number, max: number): { fontRem: number; opacity: number } {
  const share = max > 0 ? count / max : 0;
  return {
    fontRem: clamp(
      KEYWORDS_FONT_REM_MIN + share * (KEYWORDS_FONT_REM_MAX - KEYWORDS_FONT_REM_MIN),
      KEYWORDS_FONT_REM_MIN,
      KEYWORDS_FONT_REM_MAX,
    ),
    opacity: clamp(
      KEYWORDS_OPACITY_MIN + share * (KEYWORDS_OPACITY_MAX - KEYWORDS_OPACITY_MIN),
      KEYWORDS_OPACITY_MIN,
      KEYWORDS_OPACITY_MAX,
    ),
  };
}

/**
 * The divisor of "average messages per day" (S2 §9): the days of the range (at least 1); with a
 * start date only, the days from it to today; with an end date only, 30; with no dates, 90.
 */
export function avgMessagesDivisor(from: string | undefined, to: string | undefined, today: string): number {
  const days = (a: string, b: string) =>
    Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000) + 1;
  if (from && to) return Math.max(1, days(from, to));
  if (from) return Math.max(1, days(from, today));
  if (to) return AVG_MSGS_DIVISOR_END_ONLY_DAYS;
  return AVG_MSGS_DIVISOR_NO_DATES_DAYS;
}

/** Rounds to a number of decimals for display (S2 §9: sentiment 2, messages/day 1, high-urgency % 0). */
export function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
