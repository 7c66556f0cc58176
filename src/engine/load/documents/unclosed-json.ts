/**
 * Where a JSON text that ends too early leaves off: the brackets and the string still open, so
 * "Unexpected end of JSON input" becomes "the file ends at line 40 with { (line 12) still open".
 */
import { lineAndColumn } from '../../model/problems';

export interface Unclosed {
  /** Line and column just after the last character. */
  end: { line: number; column: number };
  /** What is still open, innermost last: `{ opened at line 12, column 5`. */
  open: { char: '{' | '[' | '"'; line: number; column: number }[];
}

export function unclosedAtEnd(text: string): Unclosed {
  const stack: { char: '{' | '[' | '"'; offset: number }[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') {
        inString = false;
        stack.pop();
      }
      continue;
    }
    if (c === '"') {
      inString = true;
      stack.push({ char: '"', offset: i });
    } else if (c === '{' || c === '[') stack.push({ char: c, offset: i });
    else if ((c === '}' || c === ']') && stack.length) stack.pop();
  }
  return {
    end: lineAndColumn(text, text.length),
    open: stack.map(({ char, offset }) => ({ char, ...lineAndColumn(text, offset) })),
  };
}

const NAMES = { '{': 'an object {', '[': 'a list [', '"': 'a text "' } as const;

/** "the file ends at line 40, column 1 with an object { (line 12, column 5) still open: add }" */
export function describeUnclosed({ end, open }: Unclosed): { where: string; message: string; hint: string } {
  const closers = [...open].reverse().map(({ char }) => (char === '{' ? '}' : char === '[' ? ']' : '"'));
  const list = [...open]
    .reverse()
    .map(({ char, line, column }) => `${NAMES[char]} (opened at line ${line}, column ${column})`)
    .join(', inside ');
  return {
    where: `line ${end.line}, column ${end.column}`,
    message: open.length
      ? `invalid JSON: the file ends while ${list} is still open`
      : 'invalid JSON: the file ends before its value is complete',
    hint: open.length
      ? `close what is open, in this order: ${closers.join(' ')} (or restore the part of the file that is missing)`
      : 'the file may have been cut short; restore its end',
  };
}
