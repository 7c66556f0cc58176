/**
 * A page being drafted (`npm run new-page`) holds placeholder text where a link goes ("TODO: Link target"), since
 * no link can be chosen for the marketer. Validation names each one (a warning the build refuses, todoText in
 * site-checks.ts) and reads the document with a link to the page's own top in its place, so the page previews while
 * the marketer writes it instead of failing. (A yes/no, a number or a choice is never drafted as text: see
 * scaffold/draft.ts.)
 */
import type { z } from 'zod';
import { BUTTON_TARGET_PATTERN, LINK_PATTERN } from '../../model/links';
import type { JsonPath } from '../../model/problems';
import { TODO_MARKER } from '../checks/site-checks';

const isTodo = (value: unknown): value is string => typeof value === 'string' && value.startsWith(TODO_MARKER);

function valueAt(doc: unknown, path: JsonPath): unknown {
  return path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as never)[key] : undefined), doc);
}

function withValueAt(doc: unknown, path: JsonPath, value: unknown): unknown {
  if (!path.length) return value;
  const [key, ...rest] = path;
  const copy = (Array.isArray(doc) ? [...doc] : { ...(doc as object) }) as Record<PropertyKey, unknown>;
  copy[key as never] = withValueAt(copy[key as never], rest, value);
  return copy;
}

/** What stands in for placeholder text where this issue says a link goes: the top of its own page. */
function standIn(issue: z.core.$ZodIssue): { value: unknown } | undefined {
  if (issue.code === 'invalid_format' && [String(LINK_PATTERN), String(BUTTON_TARGET_PATTERN)].includes(issue.pattern ?? ''))
    return { value: '#' };
  return undefined;
}

/** `schema.safeParse(value)`, with placeholder text in link fields read as a stand-in. */
export function parseDraft<T>(schema: z.ZodType<T>, value: unknown): { parsed: z.ZodSafeParseResult<T>; value: unknown } {
  let current = value;
  let parsed = schema.safeParse(current);
  // A stand-in can uncover the next placeholder of a list (one pass per level at most).
  for (let pass = 0; pass < 4 && !parsed.success; pass++) {
    let changed = false;
    for (const issue of parsed.error.issues) {
      const replacement = isTodo(valueAt(current, issue.path)) ? standIn(issue) : undefined;
      if (!replacement) continue;
      current = withValueAt(current, issue.path, replacement.value);
      changed = true;
    }
    if (!changed) break;
    parsed = schema.safeParse(current);
  }
  return { parsed, value: current };
}
