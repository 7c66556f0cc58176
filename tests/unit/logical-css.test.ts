/**
 * Component CSS is written in logical properties (margin-inline-start, inset-inline-end, text-align: start), so a
 * right-to-left language mirrors the layout with no stylesheet of its own. A physical left/right property is
 * allowed where the comment on its line says why (centring, which is the same in both directions).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..', 'src');
const PHYSICAL =
  /(^|[\s;{])((margin|padding|border)-(left|right)(-\w+)?|(left|right)|border-(top|bottom)-(left|right)-radius)\s*:|text-align:\s*(left|right)|float:\s*(left|right)/;

it('every stylesheet in src/ uses logical properties for left and right', () => {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.css'));
  expect(files.length).toBeGreaterThan(20);
  const physical = files.flatMap((file) =>
    readFileSync(join(SRC, file), 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        PHYSICAL.test(line) && !line.includes('physical on purpose') ? [`src/${file}:${index + 1}: ${line.trim()}`] : [],
      ),
  );
  expect(physical).toEqual([]);
});
