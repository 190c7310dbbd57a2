import type { OpportunityMember } from '@kehila/shared';

/** A whole amount with its currency symbol (₪ on opportunities, $ on partnership and market values, S3 §9). */
export function money(symbol: string, value: number): string {
  return `${symbol}${Math.round(value).toLocaleString('en-US')}`;
}

/** An amount in thousands, as the Value card shows the pipeline (S3 §2 "in k"). */
export function thousands(symbol: string, value: number): string {
  return `${symbol}${(value / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })}k`;
}

/** A 0..1 score as a whole percentage. */
export function percent(score: number): number {
  return Math.round(score * 100);
}

/** A member's name as a card shows it. */
export function memberLabel(m: Pick<OpportunityMember, 'first_name' | 'last_name'>): string {
  return [m.first_name, m.last_name].filter((p) => p?.trim()).join(' ') || 'Member';
}
