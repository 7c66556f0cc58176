/**
 * Money as documents state it (`{ "amount": 149, "currency": "USD" }`) and as visitors read it ("$149"), formatted
 * with the platform's Intl at build time, so the browser receives plain strings. Plain TypeScript: no zod here.
 */
export interface Money {
  amount: number;
  /** ISO 4217: "USD". */
  currency: string;
}

/** The locale the English pages (and the figures validation looks for in their text) are written in. */
const DEFAULT_LOCALE = 'en-US';

export const isMoney = (value: unknown): value is Money =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Money).amount === 'number' &&
  typeof (value as Money).currency === 'string';

/** "$149", "$89.95"; `whole` rounds to whole units ("$5,440"), as sums and savings are stated. */
export function formatMoney({ amount, currency }: Money, { locale = DEFAULT_LOCALE, whole = false } = {}): string {
  const fraction = whole || Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  }).format(amount);
}
