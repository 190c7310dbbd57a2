import { describe, expect, it } from 'vitest';
import { detectRecommendation } from '@kehila/functions/core/suppliers/recommendations';

describe('detectRecommendation', () => {
  it.each([
    ['the best plumber — Avi 050-1234567', { supplier_name: 'Avi', service_type: 'Plumber', phone_number: '050-1234567' }],
    ['I highly recommend Moshe Levi, our electrician: 054 765 4321', { supplier_name: 'Moshe Levi', service_type: 'Electrician', phone_number: '054 765 4321' }],
    ['Great painter, Dana 052-111-2233, fast and clean', { supplier_name: 'Dana', service_type: 'Painter', phone_number: '052-111-2233' }],
    ['ממליץ בחום על יוסי החשמלאי 052-1234567', { supplier_name: 'יוסי', service_type: 'חשמלאי', phone_number: '052-1234567' }],
    ['האינסטלטור הכי טוב שיש - אבי כהן 050-7654321', { supplier_name: 'אבי כהן', service_type: 'אינסטלטור', phone_number: '050-7654321' }],
    ['מומלץ מאוד: רונית, רואה חשבון, 03-5551234', { supplier_name: 'רונית', service_type: 'רואה חשבון', phone_number: '03-5551234' }],
  ])('finds the recommendation in %j', (text, expected) => {
    expect(detectRecommendation(text)).toEqual(expected);
  });

  it.each([
    'Can anyone recommend a plumber?',
    'מישהו יכול להמליץ על חשמלאי?',
    'The meeting is at 10:00 tomorrow, call 050-1234567 if late',
    'Avi the plumber never showed up 050-1234567',
    'Great meeting today everyone!',
  ])('finds none in %j', (text) => {
    expect(detectRecommendation(text)).toBeNull();
  });
});
