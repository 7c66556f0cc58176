/**
 * A line with a count ("Showing 16 of 16 banner ads"), ready for the browser: either one text, or one text per
 * plural category of the page's language (compiled at build time from an ICU plural message, see
 * src/engine/model/count-message.ts), chosen with the platform's Intl.PluralRules. `{shown}` and `{total}` are replaced.
 */
export type CountLabel = string | { lang: string; on: string; forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string } };

export function formatCount(label: CountLabel, values: Record<string, number>): string {
  const template =
    typeof label === 'string' ? label : (label.forms[new Intl.PluralRules(label.lang).select(values[label.on] ?? 0)] ?? label.forms.other);
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}
