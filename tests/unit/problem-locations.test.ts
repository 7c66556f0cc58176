/**
 * Every problem says where it is for machines too: a JSON pointer into the file as written (RFC 6901) and, on
 * a page written on a template, its slot. A problem found after a template page is expanded (a broken link,
 * an unknown placeholder) points at the file and field where the value is written: the page, or the template.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { positionIn } from '../../src/engine/load/documents/problem-positions';
import type { Problem } from '../../src/engine/model/problems';
import { baseFiles, page, validateFiles } from './content-fixture';

const ROOT = join(import.meta.dirname, '..', '..');
const useCaseTemplate = JSON.parse(readFileSync(join(ROOT, 'pages-json', '_templates', 'use-case.json'), 'utf8'));
const realPage = JSON.parse(readFileSync(join(ROOT, 'pages-json', 'use-cases', 'upsell-campaigns.json'), 'utf8'));
const PAGE = 'pages-json/use-cases/upsell-campaigns.json';
const TEMPLATE = 'pages-json/_templates/use-case.json';

const located = ({ file, where, pointer, slot, message }: Problem) => ({ file, where, pointer, slot, message });
const load = (files: Record<string, unknown>) => validateFiles({ ...baseFiles(), ...files }).problems.map(located);

describe('problem locations', () => {
  it('a plain page: the pointer to the value, no slot', () => {
    expect(load({ 'terms.json': page([{ type: 'StatBand', stats: [{ value: 5, label: 'x' }] }]) })).toEqual([
      {
        file: 'pages-json/terms.json',
        where: 'blocks[0] (StatBand) stats[0].value',
        pointer: '/blocks/0/stats/0/value',
        slot: undefined,
        message: 'expected a string, got a number',
      },
    ]);
  });

  it('a template page: the slot, and the section named by slot and block type', () => {
    const broken = structuredClone(realPage);
    const benefits = broken.blocks.findIndex((block: { slot: string }) => block.slot === 'benefits');
    broken.blocks[benefits].cards.pop();
    const [problem] = load({ '_templates/use-case.json': useCaseTemplate, 'use-cases/upsell-campaigns.json': broken });
    expect(problem).toMatchObject({
      file: PAGE,
      where: `blocks[${benefits}] (benefits, CardGrid) cards`,
      pointer: `/blocks/${benefits}/cards`,
      slot: 'benefits',
    });
  });

  it("a site-wide check on a template page's own field points into the page, with its slot", () => {
    const broken = structuredClone(realPage);
    const benefits = broken.blocks.findIndex((block: { slot: string }) => block.slot === 'benefits');
    broken.blocks[benefits].cards[1].href = '/nowhere';
    const problems = load({ '_templates/use-case.json': useCaseTemplate, 'use-cases/upsell-campaigns.json': broken });
    expect(problems.filter((p) => p.message.includes('/nowhere'))).toEqual([
      {
        file: PAGE,
        where: `blocks[${benefits}] (benefits, CardGrid) cards[1].href`,
        pointer: `/blocks/${benefits}/cards/1/href`,
        slot: 'benefits',
        message: 'broken link: no page has the route /nowhere',
      },
    ]);
  });

  it("a site-wide check on the template's shared content points into the template, once for every page of the kind", () => {
    const template = structuredClone(useCaseTemplate);
    template.sections[0].shared.highlights[1] = 'Answers in {prodcut} time';
    const second = { ...structuredClone(realPage), meta: { ...realPage.meta, title: 'A second page | Reachwell' } };
    const problems = load({
      '_templates/use-case.json': template,
      'use-cases/upsell-campaigns.json': realPage,
      'use-cases/second.json': second,
    });
    expect(problems.filter((p) => p.message.includes('prodcut'))).toEqual([
      {
        file: TEMPLATE,
        where: 'sections[0] (hero) shared.highlights[1]',
        pointer: '/sections/0/shared/highlights/1',
        slot: undefined,
        message: 'unknown placeholder {prodcut}',
      },
    ]);
  });

  it("a list a page adds to: the page's own items point into the page, the shared ones into the template", () => {
    const withButton = structuredClone(realPage);
    const hero = withButton.blocks.findIndex((block: { slot: string }) => block.slot === 'hero');
    withButton.blocks[hero].buttons = [{ label: 'Read the guide', href: '/guide' }];
    const template = structuredClone(useCaseTemplate);
    template.sections[0].shared.buttons[1].href = '#nowhere';
    const problems = load({ '_templates/use-case.json': template, 'use-cases/upsell-campaigns.json': withButton });
    expect(problems.filter((p) => p.message.startsWith('broken link')).map((p) => [p.file, p.pointer])).toEqual([
      [PAGE, `/blocks/${hero}/buttons/0/href`],
      [TEMPLATE, '/sections/0/shared/buttons/1/href'],
    ]);
  });
});

describe('positions in the file as written', () => {
  const text =
    '{\n  "meta": { "title": "T" },\n  "blocks": [\n    {\n      "type": "StatBand",\n      "stats": [{ "value": 5, "label": "x" }]\n    }\n  ]\n}\n';
  const at = (pointer: string) => positionIn({ file: 'f', where: '', pointer, message: '', severity: 'error' }, text);

  it('is the line and column of the field, as an editor shows it', () => {
    expect(at('/blocks/0/stats/0/value')).toEqual({ line: 6, column: 19 });
    expect(at('/meta/title')).toEqual({ line: 2, column: 13 });
  });

  it('is the object that lacks a missing field, and the file start for the whole file', () => {
    expect(at('/blocks/0/heading')).toEqual({ line: 4, column: 5 });
    expect(at('')).toEqual({ line: 1, column: 1 });
  });
});
