/**
 * What this project's JSX does beyond React's: a string child with text marked as foreign (src/lib/foreign-text.ts)
 * becomes the text with `<span lang>` around each marked part, and a host element's string attributes lose their
 * marks (an attribute cannot carry a language). Shared by the production and development runtimes beside it.
 */
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { hasForeignText, plainText, textParts } from '../foreign-text';

type Props = Record<string, unknown> & { children?: unknown };

function spans(text: string) {
  const children = textParts(text).map((part, index) =>
    typeof part === 'string' ? part : jsx('span', { lang: part.lang, children: part.text }, index),
  );
  return jsxs(Fragment, { children });
}

const withSpans = (child: unknown): unknown =>
  typeof child === 'string' && hasForeignText(child) ? spans(child) : Array.isArray(child) ? child.map(withSpans) : child;

/** True when `value` is a string, or a list of children, with foreign text in it (most elements have none: left as they are). */
const hasMarks = (value: unknown): boolean =>
  typeof value === 'string' ? hasForeignText(value) : Array.isArray(value) && value.some(hasMarks);

/** The props as React should get them: foreign text in children as spans, and none in a host element's attributes. */
export function foreignTextProps(type: unknown, given: unknown): unknown {
  if (typeof given !== 'object' || given === null) return given;
  const props = given as Props;
  let result = props;
  if (hasMarks(props.children)) result = { ...result, children: withSpans(props.children) };
  if (typeof type === 'string')
    for (const [name, value] of Object.entries(props))
      if (name !== 'children' && typeof value === 'string' && hasForeignText(value)) {
        if (result === props) result = { ...props };
        (result as Props)[name] = plainText(value);
      }
  return result;
}
