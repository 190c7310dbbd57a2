import { describe, expect, it } from 'vitest';
import { alertReasonsFor, alertReasonsOf, defaultAlertRule } from '@kehila/shared';

const on = { ...defaultAlertRule(), enabled: true };

describe('which messages alert', () => {
  it('a high-urgency message and one whose toxicity is above the S2 §9 warning (0.3), nothing else', () => {
    expect(alertReasonsOf({ urgency: 'high', toxicity: 0 })).toEqual(['urgent']);
    expect(alertReasonsOf({ urgency: 'low', toxicity: 0.31 })).toEqual(['toxic']);
    expect(alertReasonsOf({ urgency: 'medium', toxicity: 0.3 })).toEqual([]);
    expect(alertReasonsOf({ urgency: null, toxicity: null })).toEqual([]);
    expect(alertReasonsOf({ urgency: 'high', toxicity: 0.9 })).toEqual(['urgent', 'toxic']);
  });

  it('only the kinds the rule asks for, and none while it is off', () => {
    expect(alertReasonsFor({ ...on, on_toxic: false }, { urgency: 'high', toxicity: 0.9 })).toEqual(['urgent']);
    expect(alertReasonsFor({ ...on, on_urgent: false }, { urgency: 'high', toxicity: 0.1 })).toEqual([]);
    expect(alertReasonsFor({ ...on, enabled: false }, { urgency: 'high', toxicity: 0.9 })).toEqual([]);
  });
});
