/**
 * `npm run media:add -- <file> --alt "What it shows"` (or `--decorative`; optional `--id`, `--caption`, `--credit`,
 * `--focus 0.3,0.6`): adds an image to pages-json/_media/ through the one ingest every upload takes
 * (src/engine/tooling/media/ingest.ts), and prints its id for an image field, or why it was refused.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { CONTENT_DIR } from '../../src/engine/load/content-env';
import { ingestImage } from '../../src/engine/tooling/media/ingest';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    alt: { type: 'string' },
    decorative: { type: 'boolean' },
    id: { type: 'string' },
    caption: { type: 'string' },
    credit: { type: 'string' },
    focus: { type: 'string' },
  },
});
if (positionals.length !== 1) {
  console.error(
    'usage: npm run media:add -- <file> --alt "What the image shows" [--decorative] [--id name] [--caption …] [--credit …] [--focus x,y]',
  );
  process.exit(2);
}
const [path] = positionals;
const focus = values.focus?.split(',').map(Number);
const result = await ingestImage({
  contentDir: CONTENT_DIR,
  bytes: readFileSync(path),
  name: basename(path),
  ...values,
  focus: focus && focus.length === 2 ? { x: focus[0], y: focus[1] } : undefined,
});
if ('refused' in result) {
  console.error(`${path}: ${result.refused}`);
  process.exit(1);
}
console.log(
  result.added
    ? `added "${result.id}": ${result.files.join(', ')} (${result.record.width}x${result.record.height} ${result.record.format}); show it with "image": "${result.id}"`
    : `already in the library as "${result.id}" (the same picture): nothing written`,
);
