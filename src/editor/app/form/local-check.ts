/**
 * The browser's own check of a draft against its JSON Schema, run on every keystroke before the server
 * answers: the mistakes a field can show at once (an empty required text, a wrong link scheme, too many
 * items, an unknown field), worded exactly as `npm run validate` words them (src/engine/load/documents/zod-issues.ts and
 * the zod schemas' own messages). What it has no words for it leaves to the server, whose check (the
 * engine itself) follows within a few hundred milliseconds; tests/unit/editor-local-check.test.ts holds
 * every message here to the engine's.
 */
import { didYouMean } from '../../../lib/did-you-mean';
import { BUTTON_TARGET_HINT, LINK_PATTERN_HINT, linkSchemeHint } from '../../../engine/model/links';
import type { Problem } from '../../../engine/model/problems';
import type { JsonSchema, TemplateInfo } from '../../protocol';
import { isObject, pointerOf, type Path } from '../../shared/json-path';
import { choicesOf, deref, discriminatorOf } from './schema';

/** A check the browser makes: what validation says, where. */
export type LocalProblem = Pick<Problem, 'pointer' | 'message' | 'severity' | 'hint'>;

const LINK = '^(\\/|#|https:\\/\\/|mailto:|tel:|sms:|site:)';
const BUTTON_TARGET = '^(\\/|#|https:\\/\\/|mailto:|tel:|sms:|site:|panel:)';

/** The messages the zod schemas give for their patterns, by the pattern as the JSON Schema writes it. */
export const PATTERN_MESSAGES: Record<string, (value: string) => string> = {
  [LINK]: (value) =>
    value.startsWith('panel:')
      ? 'a panel: link opens a panel, which only a button can do (a hero or call-to-action button)'
      : `expected ${LINK_PATTERN_HINT} link`,
  [BUTTON_TARGET]: () => `expected ${BUTTON_TARGET_HINT}`,
  '^[a-z][a-z0-9-]*$': () => 'expected lowercase letters, digits and dashes, starting with a letter',
  '^[a-z0-9]+(-[a-z0-9]+)*$': () => 'expected lowercase letters, digits and single dashes, e.g. "win-back-campaigns"',
  '^[a-z0-9-]{1,40}$': () => 'expected lowercase letters, digits and dashes, e.g. "industry-drawer"',
  '^\\/[a-z0-9/-]*$': () => 'expected a site path such as /use-cases',
  '^https:\\/\\/': () => 'expected an https:// URL',
  '^\\+[1-9]\\d{6,14}$': () => 'expected an E.164 number such as +12125550147',
  '^[A-Za-z0-9_-]{11}$': () => 'expected an 11-character YouTube video id',
  '^(https:\\/\\/[^/]+)?$': () => 'expected an https:// origin, or empty for the site itself',
  '^[A-Z]{2}$': () => 'expected a two-letter country code such as "US"',
  '^[a-zA-Z]+(\\.\\d)?$': () => 'expected a colour of the theme such as "primary", "accent", "primary.5", "gray.0" or "white"',
  '^[a-z0-9-]+$': () => 'expected a folder name such as "use-cases"',
  '^[a-z][a-zA-Z0-9]*$': () => 'expected a field name such as "useCase"',
  '^[a-z]{2,3}(-[A-Z][a-z]{3})?$': () => 'expected a BCP 47 language code such as "es" or "de"',
  '^([a-z]{2,3}(-[a-z]+)?)?$': () => 'expected a short lowercase prefix such as "es", or "" for the default language',
  '^(\\.\\.\\/)+([\\w.-]+\\/)*schemas\\/([a-z0-9-]+\\/)*[a-z0-9-]+\\.schema\\.json$': () =>
    'expected a path to one of the project\'s JSON Schemas, such as "../schemas/page.schema.json"',
  '^(\\/(?![/\\\\])\\S*|https:\\/\\/\\S+)$': () => 'expected a site path such as /og/home.png, or an https:// URL',
};

/** Where validation sends the marketer for every block's fields (src/engine/load/documents/zod-issues.ts says the same). */
const BLOCK_REFERENCE = '/__blocks in npm run dev, or docs/blocks.md';

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const kind = typeof value;
  return kind === 'object' ? 'an object' : `a ${kind === 'bigint' ? 'number' : kind}`;
}

const kindOfValue = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

const typeOf = (node: JsonSchema) => [node.type].flat().find((type) => type && type !== 'null');

/** The marker `npm run new-page` puts in text still to write (src/engine/load/checks/site-checks.ts, which the browser does not load). */
const TODO_MARKER = 'TODO:';

/**
 * Whether validation reads placeholder text here as a stand-in (src/engine/load/documents/draft-parse.ts): a link of a page being
 * drafted (`npm run new-page`). Such text is a warning the server words (TODO text to replace), not a mistake of the
 * field.
 */
const takesStandIn = (node: JsonSchema) => node.pattern === LINK || node.pattern === BUTTON_TARGET;

export interface LocalCheckOptions {
  /** On a page written on a template: the template, for its item counts' words. */
  template?: TemplateInfo;
}

/** The problems the browser finds in `doc` against `schema`, worded as validation words them. */
export function checkLocally(doc: unknown, schema: JsonSchema, options: LocalCheckOptions = {}): LocalProblem[] {
  const problems: LocalProblem[] = [];
  const push = (path: Path, message: string, hint?: string) =>
    problems.push({ pointer: pointerOf(path), message, severity: 'error', ...(hint ? { hint } : {}) });

  function check(node: JsonSchema | undefined, value: unknown, path: Path) {
    const resolved = deref(node, schema);
    if (typeof value === 'string' && value.startsWith(TODO_MARKER) && takesStandIn(resolved)) return;
    const choices = choicesOf(resolved);
    if (resolved.enum && !resolved.enum.includes(value)) {
      if (value !== undefined)
        push(path, `expected one of ${resolved.enum.map((v) => JSON.stringify(v)).join(', ')}, got ${JSON.stringify(value)}`);
      return;
    }
    if (choices || resolved.anyOf || resolved.const !== undefined) return; // unions: the server words them
    const type = typeOf(resolved);
    if (!type) return;
    const kind = kindOfValue(value);
    const matches = kind === type || (type === 'integer' && kind === 'number');
    if (!matches) {
      push(path, `expected ${article(type === 'integer' ? 'number' : type)}, got ${describeValue(value)}`);
      return;
    }
    if (typeof value === 'string') {
      if (resolved.minLength !== undefined && value.length < resolved.minLength) push(path, 'must not be empty');
      if (resolved.maxLength !== undefined && value.length > resolved.maxLength)
        push(path, `must be at most ${resolved.maxLength} characters`);
      const message = resolved.pattern ? PATTERN_MESSAGES[resolved.pattern] : undefined;
      // As zod-issues.ts words them: a link, the schema's message and why the scheme is refused; any other pattern, the
      // schema's message, then what was given.
      if (message && !new RegExp(resolved.pattern!).test(value))
        if (resolved.pattern === LINK || resolved.pattern === BUTTON_TARGET) push(path, message(value), linkSchemeHint(value));
        else push(path, `${message(value)}, got ${JSON.stringify(value)}`);
    } else if (typeof value === 'number') {
      if (resolved.minimum !== undefined && value < resolved.minimum) push(path, `must be at least ${resolved.minimum}`);
      if (resolved.maximum !== undefined && value > resolved.maximum) push(path, `must be at most ${resolved.maximum}`);
    } else if (Array.isArray(value)) {
      checkList(resolved, value, path);
    } else if (isObject(value)) {
      checkObject(resolved, value, path);
    }
  }

  /** On a template page, a section's list whose count the template sets is worded with the template's count. */
  function countWords(path: Path): { words: string; field: string } | undefined {
    const [blocks, index, field] = path;
    if (!options.template || blocks !== 'blocks' || typeof index !== 'number' || typeof field !== 'string' || path.length !== 3)
      return undefined;
    const block = (doc as { blocks?: unknown[] })?.blocks?.[index];
    const slot = isObject(block) ? block.slot : undefined;
    const section = options.template.sections.find((candidate) => candidate.slot === slot);
    const count = section?.counts[field];
    return count ? { words: count.words, field } : undefined;
  }

  function checkList(node: JsonSchema, value: unknown[], path: Path) {
    const tooFew = node.minItems !== undefined && value.length < node.minItems;
    const tooMany = node.maxItems !== undefined && value.length > node.maxItems;
    if (tooFew || tooMany) {
      const count = countWords(path);
      if (count && options.template)
        push(
          path,
          `${value.length} ${value.length === 1 ? 'item' : 'items'}, but the ${options.template.name} template asks for ${count.words}`,
          `add or remove ${count.field} here (the count is set in ${options.template.display})`,
        );
      else push(path, tooFew ? `needs at least ${node.minItems} item(s)` : `allows at most ${node.maxItems} item(s)`);
    }
    const items = deref(node.items, schema);
    const key = discriminatorOf(items);
    value.forEach((item, index) => {
      if (!key) return check(node.items, item, [...path, index]);
      if (!isObject(item)) return push([...path, index], `expected an object, got ${describeValue(item)}`);
      const given = item[key];
      const branch = items.allOf!.find((entry) => entry.if!.properties![key].const === given);
      if (branch) return check(branch.then, item, [...path, index]);
      if (key === 'type') {
        const types = items.properties!.type.enum!.map(String);
        const suggestion = given === undefined ? '' : didYouMean(String(given), types);
        push(
          [...path, index, 'type'],
          given === undefined
            ? 'missing block type'
            : `unknown block type ${JSON.stringify(given)}${suggestion ? '' : `. Known types: ${types.join(', ')}`}`,
          given === undefined
            ? `every block needs "type", one of the block types in ${BLOCK_REFERENCE}`
            : `${suggestion}every block type, with its fields and an example, is in ${BLOCK_REFERENCE}`,
        );
      }
    });
  }

  function checkObject(node: JsonSchema, value: Record<string, unknown>, path: Path) {
    const properties = node.properties ?? {};
    for (const [key, child] of Object.entries(properties)) {
      if (key in value) check(child, value[key], [...path, key]);
      else if (node.required?.includes(key)) {
        const type = typeOf(deref(child, schema));
        if (type && !choicesOf(deref(child, schema)))
          push(
            [...path, key],
            `missing required field (expected ${article(type === 'integer' ? 'number' : type)})`,
            'add the field, or check its spelling',
          );
      }
    }
    if (node.additionalProperties === false) {
      const unknown = Object.keys(value).filter((key) => !(key in properties));
      if (unknown.length)
        problems.push({
          pointer: pointerOf([...path, unknown[0]]),
          message: `unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((key) => `"${key}"`).join(', ')}`,
          severity: 'error',
        });
    }
  }

  check(schema, doc, []);
  return problems;
}
