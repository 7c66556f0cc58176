/**
 * Stage 3b: the media library, pages-json/_media/: each record checked by its schema (zod and ajv), then against its
 * file: it exists, its bytes are an image of the format the record says, its content hash is the record's (a file
 * replaced without its record is found), it has alt text or is declared decorative, and no picture is stored twice.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MEDIA_DIR, mediaRecordSchema, type MediaRecord } from '../../model/media';
import { fileProblem, problemAt, type Problem } from '../../model/problems';
import { checkDocument } from '../documents/check-document';
import { EXTENSIONS, sniffImageFormat } from '../media/sniff';
import type { DocumentValidators } from './document-validators';
import type { ReadDocuments } from './read-documents';

const MEDIA_FIX = 'add images with npm run media:add -- <file> --alt "…": it writes the file and its record';

/** The media records by id (the record's file name without .json). */
export function loadMedia(
  contentDir: string,
  read: ReadDocuments,
  validators: DocumentValidators,
  problems: Problem[],
): Record<string, MediaRecord> {
  const media: Record<string, MediaRecord> = {};
  const byHash = new Map<string, string>();
  for (const file of read.files) {
    if (!file.startsWith(`${MEDIA_DIR}/`)) continue;
    const id = file.slice(MEDIA_DIR.length + 1, -'.json'.length);
    if (id.includes('/')) {
      problems.push(
        fileProblem(
          read.display(file),
          'a folder inside pages-json/_media/ is not read',
          'keep every image and its record directly in pages-json/_media/',
        ),
      );
      continue;
    }
    if (!read.sources.has(file)) continue; // does not parse: reported by reading
    const source = read.sourceOf(file);
    const record = checkDocument(mediaRecordSchema, validators.media(), source, problems);
    if (!record) continue;
    // Known from here on, whatever its file's state: a field showing it is not also told there is no such image.
    media[id] = record;
    const at = (field: string, message: string, hint: string, severity: Problem['severity'] = 'error') =>
      problems.push({ ...problemAt(source, [field], message, { hint }), severity });
    if (!record.alt && !record.decorative)
      at(
        'alt',
        `the image ${record.file} has no alt text`,
        'describe what it shows for people who cannot see it, or set "decorative": true if it adds nothing a visitor would miss',
      );
    if (record.alt && record.decorative)
      at(
        'decorative',
        `the image ${record.file} is declared decorative but has alt text`,
        'remove "decorative" (screen readers then read the alt text), or remove "alt"',
      );
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(contentDir, MEDIA_DIR, record.file));
    } catch {
      at(
        'file',
        `the image file ${MEDIA_DIR}/${record.file} is missing`,
        `put the file back in pages-json/${MEDIA_DIR}/, or remove this record and the fields that show it`,
      );
      continue;
    }
    const format = sniffImageFormat(bytes);
    if (!format)
      at(
        'file',
        `${record.file} is not an image this site can show (its bytes are no JPEG, PNG, WebP, AVIF, GIF or SVG)`,
        `save it in one of these formats and add it again: ${MEDIA_FIX}`,
      );
    else if (format !== record.format || !record.file.endsWith(`.${EXTENSIONS[format]}`))
      at(
        'format',
        `${record.file} is a ${format.toUpperCase()} file by its bytes, but its record says ${record.format.toUpperCase()}`,
        `add the file again so its record is measured from it: ${MEDIA_FIX}`,
      );
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (sha256 !== record.sha256) {
      at(
        'sha256',
        `${record.file} changed since its record was written (its content hash differs)`,
        `add the new file again so its size and hash are measured: ${MEDIA_FIX}`,
      );
      continue;
    }
    const twin = byHash.get(sha256);
    if (twin)
      at(
        'file',
        `${record.file} is the same picture as the image "${twin}": it is stored twice`,
        `keep one: point the fields that show "${id}" at "${twin}", then remove this record and its file`,
      );
    else byHash.set(sha256, id);
  }
  return media;
}
