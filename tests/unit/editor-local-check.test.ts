/**
 * The editor's instant check in the browser (src/editor/app/form/local-check.ts) says what `npm run validate`
 * says, in its words, at the same JSON pointer: every problem it reports for a broken draft is one the
 * engine reports, and each pattern's message is the zod schema's own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkDocument } from '../../src/engine/load/documents/check-document';
import { jsonSchemaValidator } from '../../src/engine/load/documents/validator-cache';
import { templatePageJsonSchema } from '../../src/engine/load/documents/json-schemas';
import { pageSchema } from '../../src/engine/load/page-schema';
import type { Problem } from '../../src/engine/model/problems';
import { checkTemplatePage } from '../../src/engine/load/templates/template-page';
import { loadContent, type ContentResult } from '../../src/engine/load/load-content';
import { checkLocally, PATTERN_MESSAGES } from '../../src/editor/app/form/local-check';
import { deref, itemSchemaFor } from '../../src/editor/app/form/schema';
import type { JsonSchema, TemplateInfo } from '../../src/editor/protocol';
import { templateInfo } from '../../src/editor/server/documents';
import { planNewPage } from '../../src/engine/tooling/scaffold/new-page';

const ROOT = join(import.meta.dirname, '..', '..');
const CONTENT = join(ROOT, 'pages-json');
const read = (file: string) => JSON.parse(readFileSync(join(CONTENT, file), 'utf8'));
const pageJsonSchema = JSON.parse(readFileSync(join(ROOT, 'schemas', 'page.schema.json'), 'utf8')) as JsonSchema;

let content: ContentResult;
beforeAll(() => {
  content = loadContent(CONTENT);
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests break documents of every shape
type Loose = any;

/** What the engine says about a page draft: its schema (plain page) or its template (template page). */
function engineProblems(file: string, doc: unknown): Problem[] {
  const problems: Problem[] = [];
  const template = (doc as { template?: string }).template;
  if (!template) checkDocument(pageSchema, jsonSchemaValidator(pageJsonSchema), { file: `pages-json/${file}`, doc }, problems);
  else checkTemplatePage(doc, content.templates.get(template)!, file, `pages-json/${file}`, problems);
  return problems;
}

function localProblems(doc: unknown) {
  const template = (doc as { template?: string }).template;
  if (!template) return checkLocally(doc, pageJsonSchema);
  const compiled = content.templates.get(template)!;
  const info: TemplateInfo = templateInfo(compiled, CONTENT);
  return checkLocally(doc, templatePageJsonSchema(compiled) as JsonSchema, { template: info });
}

const BROKEN: [string, string, (doc: Loose) => void][] = [
  ['an empty headline', 'story.json', (d) => (d.blocks[0].heading = '')],
  ['a number for a text', 'story.json', (d) => (d.blocks[0].heading = 42)],
  ['a missing required text', 'story.json', (d) => delete d.blocks[0].heading],
  ['a javascript: button', 'story.json', (d) => (d.blocks[4].buttons[0].href = 'javascript:alert(1)')],
  ['a panel: link on a card', 'story.json', (d) => (d.blocks[2].cards[0].href = 'panel:chat')],
  ['an http: link on a card', 'story.json', (d) => (d.blocks[2].cards[0].href = 'http://example.com')],
  ['a bad anchor id', 'story.json', (d) => (d.blocks[1].id = 'Why Us')],
  ['an unknown field', 'story.json', (d) => (d.blocks[0].subtitle = 'x')],
  ['an unknown block type', 'story.json', (d) => (d.blocks[1].type = 'Heroo')],
  ['too many highlights', 'story.json', (d) => (d.blocks[0].highlights = ['a', 'b', 'c', 'd', 'e'])],
  ['an unknown button variant', 'story.json', (d) => (d.blocks[4].buttons[0].variant = 'huge')],
  ['an empty page title', 'story.json', (d) => (d.meta.title = '')],
  ['a fifth benefit card', 'use-cases/upsell-campaigns.json', (d) => d.blocks[1].cards.push({ title: 'Five', description: 'Five' })],
  ['three benefit cards', 'use-cases/upsell-campaigns.json', (d) => d.blocks[1].cards.pop()],
  ['an empty hero headline on a template page', 'use-cases/upsell-campaigns.json', (d) => (d.blocks[0].heading = '')],
  ['a shared field written by a page', 'use-cases/upsell-campaigns.json', (d) => (d.blocks[0].badge = 'Mine')],
  [
    'a javascript: button on a template page',
    'use-cases/upsell-campaigns.json',
    (d) => (d.blocks[0].buttons = [{ label: 'Go', href: 'javascript:x' }]),
  ],
];

describe('the instant check in the browser', () => {
  it.each(BROKEN)('words %s as validation does, at the same place', (_, file, change) => {
    const doc = read(file);
    change(doc);
    const local = localProblems(doc);
    const engine = engineProblems(file, doc).map((problem) => ({ pointer: problem.pointer, message: problem.message }));
    expect(local.length, 'the browser finds it at once').toBeGreaterThan(0);
    for (const problem of local) expect(engine).toContainEqual({ pointer: problem.pointer, message: problem.message });
  });

  it('finds nothing in a valid page', () => {
    expect(localProblems(read('story.json'))).toEqual([]);
    expect(localProblems(read('use-cases/upsell-campaigns.json'))).toEqual([]);
  });

  it('finds no error in a new page, as validation does: its TODO text (a link’s too) is a warning', () => {
    const { plan } = planNewPage({ template: 'use-case', slug: 'appointment-reminders', title: 'Appointment Reminders' }, content, CONTENT);
    const file = Object.keys(plan!.files).find((name) => name.startsWith('use-cases/'))!;
    const doc = JSON.parse(plan!.files[file]);
    expect(JSON.stringify(doc)).toContain('TODO:');
    expect(engineProblems(file, doc).filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(localProblems(doc)).toEqual([]);
  });
});

/** Every string field of a document with a `pattern`, with its schema node: [pointer path, pattern]. */
function patternedFields(doc: unknown, schema: JsonSchema): [(string | number)[], string][] {
  const found: [(string | number)[], string][] = [];
  const walk = (node: JsonSchema | undefined, value: unknown, path: (string | number)[]) => {
    const resolved = deref(node, schema);
    if (typeof value === 'string' && resolved.pattern) found.push([path, resolved.pattern]);
    if (Array.isArray(value)) value.forEach((item, i) => walk(itemSchemaFor(resolved, item, schema), item, [...path, i]));
    else if (value && typeof value === 'object')
      for (const [key, child] of Object.entries(value)) walk(resolved.properties?.[key], child, [...path, key]);
  };
  walk(schema, doc, []);
  return found;
}

describe("each pattern's words", () => {
  /** Patterns the browser leaves to the server (zod formats: an email address, a date). */
  const leftToServer = (pattern: string) => pattern.includes('@') || pattern.includes('02-29');

  it('cover every pattern of the generated schemas', () => {
    const files = [
      'page.schema.json',
      'site.schema.json',
      'template.schema.json',
      'collections/jobs.schema.json',
      'collections/plans.schema.json',
      'collections/use-cases.schema.json',
      'collections/banner-ads.schema.json',
    ];
    const patterns = new Set(
      files.flatMap((file) =>
        [...readFileSync(join(ROOT, 'schemas', file), 'utf8').matchAll(/"pattern": ("(?:[^"\\]|\\.)*")/g)].map(
          (m) => JSON.parse(m[1]) as string,
        ),
      ),
    );
    expect([...patterns].filter((pattern) => !leftToServer(pattern) && !PATTERN_MESSAGES[pattern])).toEqual([]);
  });

  it("are the zod schemas' own, for a value written in a real document", () => {
    const documents: [string, JsonSchema][] = [
      ['story.json', pageJsonSchema],
      ['style-guide.json', pageJsonSchema],
      ['index.json', pageJsonSchema],
      ['_site.json', JSON.parse(readFileSync(join(ROOT, 'schemas', 'site.schema.json'), 'utf8'))],
      ['_collections/jobs.json', JSON.parse(readFileSync(join(ROOT, 'schemas', 'collections', 'jobs.schema.json'), 'utf8'))],
      ['_templates/use-case.json', JSON.parse(readFileSync(join(ROOT, 'schemas', 'template.schema.json'), 'utf8'))],
    ];
    const tried = new Set<string>();
    for (const [file, schema] of documents) {
      for (const [path, pattern] of patternedFields(read(file), schema)) {
        // An image field's wrong id gets the media library's message (tests/unit/media.test.ts), not its pattern's.
        if (['image', 'mark'].includes(String(path[path.length - 1]))) continue;
        if (tried.has(pattern) || !PATTERN_MESSAGES[pattern]) continue;
        tried.add(pattern);
        const doc = read(file);
        const bad = pattern.includes('panel:') || pattern.includes('site:') ? 'javascript:void(0)' : '!! not valid';
        let node: Loose = doc;
        for (const key of path.slice(0, -1)) node = node[key];
        node[path[path.length - 1]] = bad;
        const result = loadContent(CONTENT, undefined, new Map([[file, doc]]));
        const pointer = '/' + path.join('/');
        const messages = result.problems
          .filter((problem) => problem.file === `pages-json/${file}` && problem.pointer === pointer)
          .map((p) => p.message);
        // A link's message is the schema's alone (its hint says why the scheme is refused); any other names what was given.
        const link = pattern.includes('site:');
        expect(messages, `${file} ${pointer} (${pattern})`).toContain(
          link ? PATTERN_MESSAGES[pattern](bad) : `${PATTERN_MESSAGES[pattern](bad)}, got ${JSON.stringify(bad)}`,
        );
      }
    }
    // The link patterns, ids and the site's URLs are among those tried on real documents.
    expect(tried.size).toBeGreaterThanOrEqual(8);
  }, 120_000);
});
