import { describe, expect, it } from 'vitest';
import {
  compactSupplierText,
  supplierAge,
  supplierCallLink,
  supplierCardText,
  supplierWhatsAppLink,
} from '@kehila/shared';

describe('supplier card rules (S3 §2)', () => {
  it.each([
    ['050-123-4567', 'https://wa.me/972501234567'],
    ['+972 50 123 4567', 'https://wa.me/972501234567'],
    ['00972501234567', 'https://wa.me/972501234567'],
    ['(052) 765-4321', 'https://wa.me/972527654321'],
    ['+1 (212) 555-0100', 'https://wa.me/12125550100'],
    ['123', null],
    [null, null],
  ])('the WhatsApp link of %j is %j', (phone, link) => {
    expect(supplierWhatsAppLink(phone)).toBe(link);
  });

  it('calls the number as dialled, keeping a leading plus', () => {
    expect(supplierCallLink('050-123-4567')).toBe('tel:0501234567');
    expect(supplierCallLink('+972 50 123 4567')).toBe('tel:+972501234567');
    expect(supplierCallLink('12')).toBeNull();
  });

  it('shows the description, else the recommendation context, and cuts the compact card at 80 characters', () => {
    expect(supplierCardText({ description: ' ', recommendation_context: 'Fixed our boiler' })).toBe('Fixed our boiler');
    const long = 'x'.repeat(81);
    expect(compactSupplierText(long)).toBe(`${'x'.repeat(80)}…`);
    expect(compactSupplierText('x'.repeat(80))).toBe('x'.repeat(80));
  });

  it('says how long ago a supplier was added', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(supplierAge('2026-11-25T11:59:30Z', now)).toBe('just now');
    expect(supplierAge('2026-11-25T11:55:00Z', now)).toBe('5 minutes ago');
    expect(supplierAge('2026-11-24T11:00:00Z', now)).toBe('yesterday');
    expect(supplierAge('2026-08-20T12:00:00Z', now)).toBe('3 months ago');
  });
});
