import { describe, expect, it } from 'vitest';
import * as C from '@kehila/shared';

describe('constants (S1 §9, S2 §9, S3 §9)', () => {
  it('prices and trial', () => {
    expect([C.FREE_PRICE_USD, C.PRO_PRICE_USD_MONTHLY, C.TRIAL_DAYS]).toEqual([0, 19, 14]);
    expect([C.PRO_ORIGINAL_PRICE_USD_MONTHLY, C.PRO_PRICE_USD_ANNUAL_PER_MONTH, C.PRO_ORIGINAL_PRICE_USD_ANNUAL_PER_MONTH]).toEqual([23, 15, 19]);
    expect(C.ANNUAL_SAVING_YEAR_LABEL).toBe('Save $48/year');
    expect(C.ANNUAL_SAVING_PERCENT_LABEL).toBe('Save 25%');
    expect(C.PAYWALL_UPGRADE_BUTTON).toBe('Upgrade to Pro - $19/month');
    expect(C.PAYWALL_MISSED_FEATURES).toHaveLength(6);
    expect([C.TRIAL_WARNING_MAX_DAYS, C.TRIAL_URGENT_MAX_DAYS]).toEqual([5, 3]);
  });

  it('retries and delays', () => {
    expect(C.PROFILE_FETCH_RETRY_DELAYS_MS).toEqual([2000, 4000, 8000, 16000]);
    expect(C.PROFILE_FETCH_MAX_ATTEMPTS).toBe(5);
    expect(C.GOOGLE_CALLBACK_RETRY_DELAYS_MS).toEqual([2000, 4000]);
    expect(C.WHATSAPP_POLL_INTERVAL_MS).toBe(3000);
    expect([C.CONNECTION_SLOW_HINT_AFTER_CHECKS, C.CONNECTION_STUCK_HINT_AFTER_CHECKS]).toEqual([5, 15]);
    expect(C.METADATA_GUARD_CACHE_MS).toBe(300_000);
    expect(C.DIALOG_RESET_DELAY_MS).toBe(300);
    expect(C.STORED_SUMMARY_VALIDITY_MS).toBe(86_400_000);
  });

  it('shell: toasts, breakpoint, sidebar', () => {
    expect([C.TOAST_LIMIT, C.TOAST_DURATION_MS, C.TOAST_GAP_PX]).toEqual([3, 4000, 14]);
    expect(C.MOBILE_BREAKPOINT_PX).toBe(768);
    expect([C.SIDEBAR_WIDTH, C.SIDEBAR_WIDTH_MOBILE, C.SIDEBAR_WIDTH_COLLAPSED]).toEqual(['16rem', '18rem', '3rem']);
    expect(C.SIDEBAR_COOKIE_NAME).toBe('sidebar:state');
    expect(C.SIDEBAR_COOKIE_MAX_AGE_SECONDS).toBe(604_800);
  });

  it('country lists: 9 on the account form, 45 on the invite form, ids unique, Israel first', () => {
    expect(C.ACCOUNT_FORM_COUNTRIES.map((c) => c.name)).toEqual(['Israel', 'USA', 'Canada', 'UK', 'India', 'Germany', 'France', 'Italy', 'Spain']);
    expect(C.INVITE_FORM_COUNTRIES).toHaveLength(45);
    expect(new Set(C.INVITE_FORM_COUNTRIES.map((c) => c.iso)).size).toBe(45);
    expect(new Set(C.INVITE_FORM_COUNTRIES.map((c) => c.code)).size).toBe(45);
    for (const list of [C.ACCOUNT_FORM_COUNTRIES, C.INVITE_FORM_COUNTRIES]) {
      expect(list[0]?.code).toBe(C.DEFAULT_COUNTRY_CODE);
      for (const c of list) expect(c.code).toMatch(/^\+\d{1,3}$/);
    }
    const codes = C.INVITE_FORM_COUNTRIES.map((c) => c.code);
    expect(codes).toEqual(expect.arrayContaining(['+1', '+972', '+44', '+91']));
  });

  it('theme presets and fonts', () => {
    expect(C.THEME_COLOR_PRESETS.map((p) => p.value)).toEqual(['#0EA5E9', '#33C3F0', '#0F2E4D', '#1EAEDB']);
    expect(C.THEME_FONT_PRESETS.map((f) => f.name)).toEqual([
      'System UI',
      'Arial',
      'Helvetica',
      'Georgia',
      'Times New Roman',
      'Verdana',
      'Tahoma',
      'Trebuchet MS',
      'Courier New',
      'Segoe UI',
      'Roboto',
    ]);
    expect(C.THEME_FONT_PRESETS[0]?.value).toBe(C.DEFAULT_THEME_FONT_FAMILY);
  });

  it('limits of the community information form', () => {
    expect(C.COMMUNITY_INFO_LIMITS).toEqual({
      group_description: 500,
      group_goals: 500,
      admin_name: 100,
      member_onboarding_info: 1000,
      group_rules: 2000,
      meaningful_id: 50,
      pine_coin_manager_id: 100,
    });
  });

  it('lists of S2 and S3 §9', () => {
    expect(C.TOPIC_TOP_N_OPTIONS).toEqual([5, 10, 15, 20, 50]);
    expect(C.DIRECTORY_LINK_EXPIRY_OPTIONS_DAYS).toEqual([7, 14, 30, 90, 365]);
    expect(C.ANALYTICS_TIME_RANGES).toEqual([7, 14, 30, 90]);
    expect(C.EMOTIONS_SHOWN_WHEN_EMPTY).toEqual(['joy', 'sadness', 'anger', 'fear', 'surprise', 'neutral']);
    expect(C.ACTIVITY_TIER_THRESHOLDS).toEqual([0.7, 0.4, 0.1]);
    expect(C.TOXICITY_TIER_THRESHOLDS).toEqual([0.7, 0.4, 0.2]);
    expect(C.ENRICHMENT_COST_USD / C.ENRICHMENT_COST_PER_PROFILES).toBe(0.01);
    expect(C.BULK_ENRICHMENT_COST_PER_MEMBER_USD).toBe(0.04);
  });
});
