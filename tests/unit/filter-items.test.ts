/** The filter rules the libraries share (spec section 4): AND, exact filters, case-insensitive search in title and description. */
import { describe, expect, it } from 'vitest';
import { choicesOf, matches, type FilterSpec } from '../../src/widgets/filters/filter-items';

interface Item {
  title: string;
  description: string;
  industry: string;
  lifecycle: string;
}
const spec: FilterSpec<Item, 'industry' | 'lifecycle'> = {
  fields: { industry: (item) => item.industry, lifecycle: (item) => item.lifecycle },
  searchIn: (item) => [item.title, item.description],
};
const items: Item[] = [
  { title: 'Renewal Reminders', description: 'Remind customers before a policy lapses.', industry: 'Insurance', lifecycle: 'Retention' },
  {
    title: 'Claims Updates',
    description: 'Tell policyholders where their claim stands.',
    industry: 'Insurance',
    lifecycle: 'Communication',
  },
  { title: 'Appointment Reminders', description: 'Cut no-shows with a reminder by SMS.', industry: 'Healthcare', lifecycle: 'Retention' },
];
const titles = (values: Parameters<typeof matches<Item, 'industry' | 'lifecycle'>>[2], search = '') =>
  items.filter((item) => matches(item, spec, values, search)).map((item) => item.title);

describe('matches', () => {
  it('lets everything through by default (every filter All, search empty)', () => {
    expect(titles({})).toHaveLength(3);
    expect(titles({ industry: '', lifecycle: '' }, '   ')).toHaveLength(3);
  });

  it('matches a filter exactly', () => {
    expect(titles({ industry: 'Insurance' })).toEqual(['Renewal Reminders', 'Claims Updates']);
    expect(titles({ industry: 'Insur' })).toEqual([]);
  });

  it('combines filters and search with AND', () => {
    expect(titles({ industry: 'Insurance', lifecycle: 'Retention' })).toEqual(['Renewal Reminders']);
    expect(titles({ lifecycle: 'Retention' }, 'sms')).toEqual(['Appointment Reminders']);
    expect(titles({ industry: 'Healthcare', lifecycle: 'Communication' })).toEqual([]);
  });

  it('searches title and description, ignoring case and surrounding space', () => {
    expect(titles({}, 'REMINDERS')).toEqual(['Renewal Reminders', 'Appointment Reminders']);
    expect(titles({}, ' policyholders ')).toEqual(['Claims Updates']);
    expect(titles({}, 'Insurance')).toEqual([]); // the industry is a filter, not searched text
  });

  it('clearing all four (every value empty) shows everything again', () => {
    expect(titles({ industry: '', lifecycle: '' }, '')).toEqual(items.map((item) => item.title));
  });
});

describe('choicesOf', () => {
  it('lists the values items have, the given order first, the others alphabetically', () => {
    const solutions = [{ s: 'Zeta' }, { s: 'Collections' }, { s: 'Alpha' }, { s: 'Lead Generation' }, { s: 'Alpha' }];
    expect(choicesOf(solutions, (x) => x.s, ['Lead Generation', 'Onboarding', 'Collections'])).toEqual([
      'Lead Generation',
      'Collections',
      'Alpha',
      'Zeta',
    ]);
  });

  it('leaves out values that are never choices', () => {
    const industries = [{ i: 'Real Estate' }, { i: 'SaaS' }, { i: 'All Industries' }];
    expect(choicesOf(industries, (x) => x.i, ['All Industries', 'SaaS'], ['Real Estate'])).toEqual(['All Industries', 'SaaS']);
  });
});
