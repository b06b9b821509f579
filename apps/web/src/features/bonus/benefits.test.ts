import { describe, expect, it } from 'vitest';
import { bonusView, isPlaceholderBenefit, sortBenefits } from './utils/benefits';

describe('the bonus programme (section 2)', () => {
  it('shows the teaser in FI and nothing elsewhere with the contract lists', () => {
    expect(bonusView('FI')).toBe('teaser');
    expect(bonusView('SE')).toBe('none');
    expect(bonusView('EE', { bonus: ['EE'], teaser: ['FI'] })).toBe('bonus');
  });

  it('puts redeemable benefits first, then the rest by date issued', () => {
    const b = (id: number, isRedeemable: boolean, dateIssued: string) => ({
      id,
      isRedeemable,
      dateIssued,
    });
    const sorted = sortBenefits([
      b(1, false, '2026-01-01'),
      b(2, true, '2026-03-01'),
      b(3, true, '2026-02-01'),
      b(4, false, '2025-12-01'),
    ]);
    expect(sorted.map((x) => x.id)).toEqual([3, 2, 4, 1]);
  });

  it('shows a benefit with neither title nor value as a skeleton', () => {
    expect(isPlaceholderBenefit({ title: null, value: null })).toBe(true);
    expect(isPlaceholderBenefit({ title: 'Gift', value: null })).toBe(false);
  });
});
