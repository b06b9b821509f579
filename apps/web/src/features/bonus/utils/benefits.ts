// The bonus programme's rules on the client: which screen a country gets, and the benefits'
// order (redeemable first, then by the date issued, oldest first).
import { BONUS_COUNTRIES, BONUS_TEASER_COUNTRIES, type Benefit } from '@jono/contract';

export type BonusView = 'bonus' | 'teaser' | 'none';

export function bonusView(
  country: string,
  lists: { bonus: readonly string[]; teaser: readonly string[] } = {
    bonus: BONUS_COUNTRIES,
    teaser: BONUS_TEASER_COUNTRIES,
  },
): BonusView {
  if (lists.bonus.includes(country)) return 'bonus';
  if (lists.teaser.includes(country)) return 'teaser';
  return 'none';
}

export function sortBenefits<T extends Pick<Benefit, 'isRedeemable' | 'dateIssued'>>(
  benefits: readonly T[],
): T[] {
  return [...benefits].sort((a, b) => {
    if (a.isRedeemable !== b.isRedeemable) return a.isRedeemable ? -1 : 1;
    return new Date(a.dateIssued).getTime() - new Date(b.dateIssued).getTime();
  });
}

/** A benefit with neither title nor value is still being prepared: it shows as a skeleton. */
export const isPlaceholderBenefit = (benefit: Pick<Benefit, 'title' | 'value'>) =>
  !benefit.title && !benefit.value;
