import { describe, expect, it } from 'vitest';
import { formatDistance } from './distance';
import { formatDate, formatDateTime, formatPrice } from './format';

// Intl output uses non-breaking spaces; compare on plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('prices', () => {
  it('shows cents as euros in Finland', () => {
    expect(plain(formatPrice(3900, 'FI'))).toBe('39,00 €');
  });

  it('uses the currency of each locale', () => {
    expect(plain(formatPrice(25000, 'SE'))).toMatch(/250,00 kr/);
    expect(plain(formatPrice(25000, 'NO'))).toMatch(/kr/);
    expect(plain(formatPrice(25000, 'DK'))).toMatch(/kr/);
    expect(plain(formatPrice(3950, 'US'))).toBe('$39.50');
  });
});

describe('dates', () => {
  const date = '2026-11-21T12:05:00Z';

  it('writes dd.mm.yyyy', () => {
    expect(formatDate(date, 'FI', 'Europe/Helsinki')).toBe('21.11.2026');
  });

  it('writes mm.dd.yyyy in the US', () => {
    expect(formatDate(date, 'US', 'Europe/Helsinki')).toBe('11.21.2026');
  });

  it('puts the local time before the date on receipts', () => {
    expect(formatDateTime(date, 'FI', 'Europe/Helsinki')).toBe('14:05 21.11.2026');
  });

  it('uses the shop time zone for the day', () => {
    expect(formatDate('2026-11-21T23:30:00Z', 'FI', 'Europe/Helsinki')).toBe('22.11.2026');
  });
});

describe('distances', () => {
  it('writes kilometres with a decimal comma in Finnish', () => {
    expect(formatDistance({ value: 1.5, unit: 'km' }, 'FI')).toBe('1,5 km');
  });

  it('writes miles in the US', () => {
    expect(formatDistance({ value: 0.7, unit: 'mi' }, 'US')).toBe('0.7 mi');
  });
});
