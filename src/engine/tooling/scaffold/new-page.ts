/**
 * `npm run new-page`, without the prompts: checks the request against the content as it is and
 * plans the files to write (the new page, and the collection it takes its record from, if any).
 * Nothing is written here; a refused request says why and what to do instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { blockSchemas } from '../../../blocks/generated/blocks';
import { collectionFile, type CollectionName } from '../../model/collections';
import { ROOT_DIR } from '../../load/content-env';
import { NOT_FOUND_FILE } from '../../model/routes';
import { reservedRouteReason } from '../../load/checks/reserved-routes';
import type { CompiledTemplate } from '../../load/templates/compile-template';
import type { ContentResult } from '../../load/load-content';
import { jsonSchemaOf } from '../reference/block-reference';
import { draftValue, type ChosenValue } from './draft';
import { TODO_MARKER } from '../../load/checks/site-checks';

export interface NewPageRequest {
  /** A template name (its folder decides where the page goes), or... */
  template?: string;
  /** ...a folder for a page of its own ('' for the top level). */
  folder?: string;
  slug: string;
  title: string;
}

export interface NewPagePlan {
  route: string;
  /** Path inside pages-json -> the JSON text to write. */
  files: Record<string, string>;
  /** What was done beyond the page itself, and what to check (worded by `noteInWords`). */
  notes: NewPageNote[];
}

export type NewPageNote =
  | { kind: 'record-moved'; collection: string; id: string; field: string; from: string }
  | { kind: 'open-area'; slot: string }
  | { kind: 'optional-left-out'; slot: string; group: string; template: string }
  | { kind: 'optional-included'; slot: string }
  /** A required yes/no, number or choice the draft set (never placeholder text): `where` names it in the page. */
  | { kind: 'chosen'; where: string; label: string; value: unknown };

/** A template section's id as words, for the editor's notes (`beyond-generic` -> "beyond generic"). */
const words = (slot: string) => slot.replace(/-/g, ' ');

/** A note for someone editing the JSON file (`npm run new-page`), or using the visual editor. */
export function noteInWords(note: NewPageNote, reader: 'json' | 'editor'): string {
  const json = reader === 'json';
  switch (note.kind) {
    case 'record-moved':
      return json
        ? `moved the ${note.collection} record "${note.id}" from pages-json/${note.from} into the page's "${note.field}"`
        : `The library's “${note.id}” use case is now this page's own: its card in the library is edited here.`;
    case 'open-area':
      return json
        ? `the "${note.slot}" open area takes sections of the page's own: add { "slot": "${note.slot}", "blocks": [...] } if it needs some`
        : `The outline has room for sections of this page's own: add them with “Add a section here”.`;
    case 'optional-left-out':
      return json
        ? `left out the optional "${note.slot}" section (group "${note.group}"); see ${note.template}`
        : `The optional section “${words(note.slot)}” is not on the page: add it from the outline if the page needs it.`;
    case 'optional-included':
      return json
        ? `the optional "${note.slot}" section is included: delete it if the page does without`
        : `The optional section “${words(note.slot)}” is on the page: remove it in the outline if the page does without.`;
    case 'chosen':
      return json
        ? `${note.where} is set to ${JSON.stringify(note.value)} (${note.label}): change it if that is not right`
        : `${note.label} is set to “${String(note.value)}”: change it if that is not right.`;
  }
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG_LENGTH = 80;
const DESCRIPTION_TODO = `${TODO_MARKER} one or two sentences for search results (50 to 160 characters)`;

const toText = (value: unknown) => JSON.stringify(value, null, 2) + '\n';

/**
 * The `$schema` reference a document at `file` (inside pages-json) uses to reach `schemaFile` in schemas/: the
 * schemas beside the content where there are (a checkout of the site, the hosted editor's worktree of it: the
 * reference stays inside the repository), else the project's.
 */
function schemaRef(contentDir: string, file: string, schemaFile: string): string {
  const beside = join(contentDir, '..', 'schemas');
  const schemas = existsSync(beside) ? beside : join(ROOT_DIR, 'schemas');
  return relative(join(contentDir, file, '..'), join(schemas, schemaFile))
    .split('\\')
    .join('/');
}

export function planNewPage(request: NewPageRequest, content: ContentResult, contentDir: string): { plan?: NewPagePlan; error?: string } {
  const { slug, template: templateName } = request;
  const title = request.title.trim();
  const compiled = templateName === undefined ? undefined : content.templates.get(templateName);
  if (templateName !== undefined && !compiled)
    return { error: `there is no template "${templateName}"; templates: ${[...content.templates.keys()].join(', ')}` };
  if ((templateName === undefined) === (request.folder === undefined)) return { error: 'give a template or a folder, not both' };
  const folder = compiled ? compiled.template.folder : request.folder!.replace(/^\.?\/?|\/$/g, '');
  if (folder && !SLUG.test(folder))
    return { error: `the folder "${folder}" is not valid: use lowercase letters, digits and single dashes` };
  if (slug.length > MAX_SLUG_LENGTH)
    return {
      error: `the slug is ${slug.length} characters long: at most ${MAX_SLUG_LENGTH} (a page's address is read, and a file name has limits)`,
    };
  if (!SLUG.test(slug))
    return { error: `the slug "${slug}" is not valid: use lowercase letters, digits and single dashes, e.g. "appointment-reminders"` };
  if (slug === 'index' || (!folder && `${slug}.json` === NOT_FOUND_FILE)) return { error: `"${slug}" is reserved; choose another slug` };
  if (!title) return { error: 'the page needs a title' };

  const file = folder ? `${folder}/${slug}.json` : `${slug}.json`;
  const route = `/${folder ? `${folder}/` : ''}${slug}`;
  const reserved = reservedRouteReason(route, (content.site?.locales ?? []).map((locale) => locale.prefix).filter(Boolean));
  if (reserved) return { error: `${route} cannot be a page's address: ${reserved}` };
  const taken = [file, `${folder ? `${folder}/` : ''}${slug}/index.json`].find((candidate) => existsSync(join(contentDir, candidate)));
  if (taken || content.pages.some((page) => page.route === route))
    return { error: `${route} already exists (pages-json/${taken ?? file}); open that file, or choose another slug` };
  const brand = content.site?.brand.productName ?? 'Reachwell';
  const pageTitle = `${title} | ${brand}`;
  const sameTitle = content.pages.find((page) => page.doc.meta.title === pageTitle);
  if (sameTitle) return { error: `pages-json/${sameTitle.file} already has the title "${pageTitle}"; choose another title` };

  const meta = { title: pageTitle, description: DESCRIPTION_TODO };
  if (!compiled) {
    const blocks = [draftOfBlock('Hero'), draftOfBlock('CallToAction')];
    const doc = { $schema: schemaRef(contentDir, file, 'page.schema.json'), meta: { ...meta, nav: { label: title } }, blocks };
    return { plan: { route, files: { [file]: toText(doc) }, notes: [] } };
  }
  return { plan: templatePage(compiled, { file, route, slug, title, meta }, content, contentDir) };
}

function draftOfBlock(type: string) {
  const schema = blockSchemas.find((candidate) => candidate.shape.type.value === type)!;
  return draftValue(jsonSchemaOf(schema));
}

function templatePage(
  compiled: CompiledTemplate,
  page: { file: string; route: string; slug: string; title: string; meta: { title: string; description: string } },
  content: ContentResult,
  contentDir: string,
): NewPagePlan {
  const notes: NewPageNote[] = [];
  const files: Record<string, string> = {};
  /** Records the values the drafts set, under where they are in the page. */
  const drafted = (node: Parameters<typeof draftValue>[0], where: string) => {
    const chosen: ChosenValue[] = [];
    const value = draftValue(node, where, chosen);
    for (const { field, label, value: set } of chosen) notes.push({ kind: 'chosen', where: `${where}.${field}`, label, value: set });
    return value;
  };
  const doc: Record<string, unknown> = {
    $schema: schemaRef(contentDir, page.file, `templates/${compiled.name}.schema.json`),
    template: compiled.name,
    meta: page.meta,
  };

  const { record } = compiled.template;
  if (record && compiled.recordSchema) {
    const collection = record.collection as CollectionName;
    const items = content.collections[collection] as { id: string }[];
    const listed = items.find((item) => item.id === page.slug);
    if (listed) {
      // The use case is already in the library: its landing page takes over its record.
      const { id: _id, ...fields } = listed as Record<string, unknown>;
      doc[record.field] = fields;
      const path = join(contentDir, collectionFile(collection));
      const fileDoc = JSON.parse(readFileSync(path, 'utf8')) as { items: { id: string }[] };
      fileDoc.items = fileDoc.items.filter((item) => item.id !== page.slug);
      files[collectionFile(collection)] = toText(fileDoc);
      notes.push({ kind: 'record-moved', collection, id: page.slug, field: record.field, from: collectionFile(collection) });
    } else {
      const draft = drafted(jsonSchemaOf(compiled.recordSchema), record.field) as Record<string, unknown>;
      doc[record.field] = { ...draft, title: page.title };
    }
  }

  const blocks: unknown[] = [];
  for (const { section, filledByTemplate } of compiled.sections) {
    if (filledByTemplate) continue; // the template gives it (a page may still add to its lists)
    if (section.open) {
      notes.push({ kind: 'open-area', slot: section.slot });
      continue;
    }
    if (section.optional && section.group) {
      notes.push({ kind: 'optional-left-out', slot: section.slot, group: section.group, template: compiled.display });
      continue;
    }
    if (section.optional) notes.push({ kind: 'optional-included', slot: section.slot });
    const pageSection = compiled.pageSections.get(section.slot)!;
    blocks.push(drafted(jsonSchemaOf(pageSection.schema), section.slot));
  }
  doc.blocks = blocks;
  files[page.file] = toText(doc);
  return { route: page.route, files, notes };
}
