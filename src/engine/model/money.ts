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

/** One formatter per locale, currency and precision: making an Intl.NumberFormat costs far more than using one. */
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, currency: string, fraction: number): Intl.NumberFormat {
  const key = `${locale} ${currency} ${fraction}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: fraction, maximumFractionDigits: fraction });
    formatters.set(key, made);
  }
  return made;
}

/** "$149", "$89.95"; `whole` rounds to whole units ("$5,440"), as sums and savings are stated. */
export function formatMoney({ amount, currency }: Money, { locale = DEFAULT_LOCALE, whole = false } = {}): string {
  return formatter(locale, currency, whole || Number.isInteger(amount) ? 0 : 2).format(amount);
}
