/**
 * The editor names a place in a document by the labels its form shows (src/editor/app/form/labels.ts): a problem
 * reads "FAQ › Question 3: must not be empty", never /blocks/4/items/2/question; a field whose key reads badly has
 * the label its schema declares, and a field without one its key in words.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldLabel, pointerWords } from '../../src/editor/app/form/labels';
import { deref } from '../../src/editor/app/form/schema';
import type { JsonSchema } from '../../src/editor/protocol';

const ROOT = join(import.meta.dirname, '..', '..');
const json = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));
const pageSchema = json('schemas/page.schema.json') as JsonSchema;
const plansSchema = json('schemas/collections/plans.schema.json') as JsonSchema;
const siteSchema = json('schemas/site.schema.json') as JsonSchema;
const story = json('pages-json/story.json');
const plans = json('pages-json/_collections/plans.json');
const faqPage = {
  meta: story.meta,
  blocks: [
    ...story.blocks.slice(0, 4),
    {
      type: 'FAQ',
      items: [
        { question: 'One?', answer: 'Yes' },
        { question: 'Two?', answer: 'Yes' },
        { question: '', answer: 'Yes' },
      ],
    },
  ],
};

describe('a pointer in words', () => {
  it('names a list item by its list, and a section by its block', () => {
    expect(pointerWords('/blocks/4/items/2/question', faqPage, pageSchema)).toBe('FAQ › Question 3');
    expect(pointerWords('/blocks/4/items/2/answer', faqPage, pageSchema)).toBe('FAQ › Question 3 › Answer');
    expect(pointerWords('/blocks/4/items', faqPage, pageSchema)).toBe('FAQ › Questions');
    expect(pointerWords('/blocks/4', faqPage, pageSchema)).toBe('FAQ');
    expect(pointerWords('/blocks', faqPage, pageSchema)).toBe('Sections');
  });

  it('uses the labels the schemas declare', () => {
    expect(pointerWords('/meta/title', story, pageSchema)).toBe('Page settings › Title in search results and tabs');
    expect(pointerWords('/meta/noindex', story, pageSchema)).toBe('Page settings › Hide from search engines');
    expect(pointerWords('/blocks/4/buttons/0/href', story, pageSchema)).toBe('Call to action › Button 1 › Link');
    expect(pointerWords('/blocks/2/cards/1/description', story, pageSchema)).toBe('Card grid › Card 2 › Description');
    expect(pointerWords('/blocks/0/subheading', story, pageSchema)).toBe('Hero › Text under the headline');
  });

  it('names a record of a collection by its number and its name, and a field of a money value', () => {
    expect(pointerWords('/items/1/price', plans, plansSchema)).toBe('Record 2 (Growth) › Price');
    expect(pointerWords('/items/1/price/amount', plans, plansSchema)).toBe('Record 2 (Growth) › Price › Amount');
    expect(pointerWords('/items/2/ctaUrl', plans, plansSchema)).toBe('Record 3 (Enterprise) › Button link');
  });

  it('names the site configuration’s fields, its own keys (a record) and a field the schema does not know', () => {
    expect(pointerWords('/contact/phoneE164', {}, siteSchema)).toBe('Contact › Phone, international format');
    expect(pointerWords('/valueNames/Healthcare', { valueNames: { Healthcare: 'Health care' } }, siteSchema)).toBe(
      'Names of fixed values › “Healthcare”',
    );
    expect(pointerWords('/blocks/0/subtitle', story, pageSchema)).toBe('Hero › “subtitle”');
    expect(pointerWords('', story, pageSchema)).toBe('');
  });

  it('takes the name a view gives a place (a template page’s section)', () => {
    const nameOf = (pointer: string) => (pointer === '/blocks/4' ? 'Closing call to action' : undefined);
    expect(pointerWords('/blocks/4/heading', story, pageSchema, { nameOf })).toBe('Closing call to action › Heading');
  });
});

describe("a field's label", () => {
  const defs = pageSchema.$defs!;
  it.each([
    ['noindex', defs.PageMeta.properties!.noindex, 'Hide from search engines'],
    ['href', deref((defs.CardGrid.properties!.cards.items as JsonSchema).properties!.href, pageSchema), 'Title link'],
    ['href', deref(defs.Link.properties!.href, pageSchema), 'Link'],
    ['timeToValue', { type: 'string' }, 'Time to value'],
  ] as [string, JsonSchema, string][])('%s reads "%s"', (key, node, label) => {
    expect(fieldLabel(key, node)).toBe(label);
  });

  it('no field of any schema shows "Href", "Cta", "Slug" or "Noindex"', () => {
    const shown: string[] = [];
    const visit = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(visit);
      else if (node && typeof node === 'object') {
        const { properties } = node as JsonSchema;
        for (const [key, child] of Object.entries(properties ?? {})) shown.push(fieldLabel(key, deref(child, pageSchema)));
        Object.values(node).forEach(visit);
      }
    };
    for (const schema of [pageSchema, plansSchema, siteSchema, json('schemas/collections/banner-ads.schema.json')]) visit(schema);
    expect(shown.filter((label) => /^(Href|Cta|Cta URL|Slug|Noindex)$|href/i.test(label))).toEqual([]);
  });
});
