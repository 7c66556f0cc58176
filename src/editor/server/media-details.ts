/**
 * What people write about an image in the library view (the mediaDetails endpoint): alt text or decorative, a
 * caption, a credit, a focal point. Checked field by field in words a marketer reads beside the field, then put into
 * the image's record in place of what it had, keeping what the tools measured (file, hash, size, placeholder).
 */
import { mediaRecordSchema, type MediaRecord } from '../../engine/model/media';
import type { MediaDetailsConflict, MediaDetailsField, MediaDetailsRequest, MediaFieldValue, MediaFocus } from '../media-protocol';
import { jsonEqual } from '../shared/three-way-merge';
// Far above any sentence or credit line: a guard against a pasted page, not a style rule (the schema aims at 150).
import { MEDIA_TEXT_MAX } from '../../engine/tooling/media/ingest';

/** What a details save writes: every field, as sent and checked. */
export type Details = Omit<MediaDetailsRequest, 'id' | 'baseHash' | 'focus'> & { focus?: MediaFocus };

export type CheckedDetails =
  { details: Details & { id: string; baseHash: string } } | { fields: Partial<Record<MediaDetailsField, string>>; message: string };

const isShare = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1;

const optionalText = (value: unknown): string | undefined | false =>
  value === undefined || value === null ? undefined : typeof value === 'string' ? value.trim() || undefined : false;

/** The request as sent, checked: every field's problem at once, or the details to write. */
export function checkDetails(body: unknown): CheckedDetails | { noImage: true } | { noBase: true } {
  const sent = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof sent.id !== 'string' || !sent.id) return { noImage: true };
  if (typeof sent.baseHash !== 'string' || !sent.baseHash) return { noBase: true };
  const fields: Partial<Record<MediaDetailsField, string>> = {};
  const decorative = sent.decorative === true;
  const alt = optionalText(sent.alt);
  if (alt === false) fields.alt = 'Alt text must be words.';
  else if (!decorative && !alt) fields.alt = 'Write what the image shows, or mark it decorative.';
  else if (alt && alt.length > MEDIA_TEXT_MAX) fields.alt = `Alt text is at most ${MEDIA_TEXT_MAX} characters; this has ${alt.length}.`;
  const caption = optionalText(sent.caption);
  if (caption === false) fields.caption = 'A caption must be words.';
  else if (caption && caption.length > MEDIA_TEXT_MAX)
    fields.caption = `A caption is at most ${MEDIA_TEXT_MAX} characters; this has ${caption.length}.`;
  const credit = optionalText(sent.credit);
  if (credit === false) fields.credit = 'A credit must be words.';
  else if (credit && credit.length > MEDIA_TEXT_MAX)
    fields.credit = `A credit is at most ${MEDIA_TEXT_MAX} characters; this has ${credit.length}.`;
  let focus: MediaFocus | undefined;
  if (sent.focus !== undefined && sent.focus !== null) {
    const { x, y } = sent.focus as { x?: unknown; y?: unknown };
    if (isShare(x) && isShare(y)) focus = { x, y };
    else fields.focus = 'The focal point must be on the image: from 0 to 1 across and from 0 to 1 down.';
  }
  const problems = Object.values(fields);
  if (problems.length) return { fields, message: `Not saved: ${problems.join(' ')}` };
  return {
    details: {
      id: sent.id,
      baseHash: sent.baseHash,
      ...(decorative ? { decorative } : { alt: alt as string }),
      ...(caption ? { caption } : {}),
      ...(credit ? { credit } : {}),
      ...(focus ? { focus: { x: round(focus.x), y: round(focus.y) } } : {}),
    },
  };
}

const FIELDS: readonly MediaDetailsField[] = ['alt', 'caption', 'credit', 'focus'];

/** One field of a record's details: alt text or decorative (one field: an image has one or the other), caption, credit, focus. */
function fieldValue(details: Details, field: MediaDetailsField): MediaFieldValue {
  switch (field) {
    case 'alt':
      return details.decorative ? { decorative: true } : details.alt === undefined ? {} : { alt: details.alt };
    case 'caption':
      return details.caption === undefined ? {} : { caption: details.caption };
    case 'credit':
      return details.credit === undefined ? {} : { credit: details.credit };
    case 'focus':
      return details.focus === undefined ? {} : { focus: details.focus };
  }
}

const withFields = (details: Details, from: Details, fields: MediaDetailsField[]): Details => {
  const kept = { ...details };
  for (const field of fields) {
    if (field === 'alt') delete kept.decorative;
    delete kept[field];
    Object.assign(kept, fieldValue(from, field));
  }
  return kept;
};

export type MergedDetails =
  | { ok: true; details: Details; /** The colleague's changes kept beside these. */ theirs: MediaDetailsField[] }
  | {
      ok: false;
      conflicts: MediaDetailsConflict[];
      /** Fields only the colleague changed: the person's form must take them, or its next save would undo them. */
      theirs: MediaDetailsField[];
    };

/**
 * `mine` (the details as sent, changed from `base`, the version they were opened at) over `theirs` (the record as a
 * colleague's save left it), field by field: a field only one of them changed takes that change; a field both changed
 * differently is a conflict. With no base (opened before a restart: not remembered) nothing tells who changed what,
 * so every field that differs is one.
 */
export function mergeDetails(base: Details | undefined, mine: Details, theirs: Details): MergedDetails {
  const differs = (a: Details, b: Details, field: MediaDetailsField) => !jsonEqual(fieldValue(a, field), fieldValue(b, field));
  const conflicts: MediaDetailsConflict[] = [];
  const theirsKept: MediaDetailsField[] = [];
  for (const field of FIELDS) {
    if (!differs(mine, theirs, field)) continue;
    const mineChanged = base === undefined || differs(base, mine, field);
    const theirsChanged = base === undefined || differs(base, theirs, field);
    if (mineChanged && theirsChanged) conflicts.push({ field, mine: fieldValue(mine, field), theirs: fieldValue(theirs, field) });
    else if (theirsChanged) theirsKept.push(field);
  }
  if (conflicts.length) return { ok: false, conflicts, theirs: theirsKept };
  return { ok: true, details: withFields(mine, theirs, theirsKept), theirs: theirsKept };
}

/** The details a record has (what people wrote in it). */
export const detailsOf = (record: Details): Details => ({
  ...(record.decorative ? { decorative: true } : record.alt === undefined ? {} : { alt: record.alt }),
  ...(record.caption === undefined ? {} : { caption: record.caption }),
  ...(record.credit === undefined ? {} : { credit: record.credit }),
  ...(record.focus === undefined ? {} : { focus: record.focus }),
});

/** The record with these details in place of its old ones; what the tools measured stays as it was. */
export function recordWithDetails(old: MediaRecord, details: Details): MediaRecord | { refused: string } {
  const { alt: _alt, decorative: _decorative, caption: _caption, credit: _credit, focus: _focus, ...measured } = old;
  const record: MediaRecord = {
    ...measured,
    ...(details.decorative ? { decorative: true as const } : { alt: details.alt }),
    ...(details.caption ? { caption: details.caption } : {}),
    ...(details.credit ? { credit: details.credit } : {}),
    ...(details.focus ? { focus: { x: round(details.focus.x), y: round(details.focus.y) } } : {}),
  };
  // The record's own schema is the last word: a record that would not validate is never written.
  const checked = mediaRecordSchema.safeParse(record);
  return checked.success ? checked.data : { refused: `Not saved: ${checked.error.issues.map((issue) => issue.message).join('; ')}` };
}

/** Four decimals: a hundredth of a percent, so a click does not write 0.4837209302325581. */
const round = (share: number) => Math.round(share * 10_000) / 10_000;
