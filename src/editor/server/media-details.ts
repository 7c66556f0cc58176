/**
 * What people write about an image in the library view (the mediaDetails endpoint): alt text or decorative, a
 * caption, a credit, a focal point. Checked field by field in words a marketer reads beside the field, then put into
 * the image's record in place of what it had, keeping what the tools measured (file, hash, size, placeholder).
 */
import { mediaRecordSchema, type MediaRecord } from '../../engine/model/media';
import type { MediaDetailsField, MediaDetailsRequest, MediaFocus } from '../media-protocol';

/** Far above any sentence or credit line: a guard against a pasted page, not a style rule (the schema aims at 150). */
const MAX_TEXT = 1000;

export type CheckedDetails =
  { details: Omit<MediaDetailsRequest, 'id'> & { id: string } } | { fields: Partial<Record<MediaDetailsField, string>>; message: string };

const isShare = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1;

const optionalText = (value: unknown): string | undefined | false =>
  value === undefined || value === null ? undefined : typeof value === 'string' ? value.trim() || undefined : false;

/** The request as sent, checked: every field's problem at once, or the details to write. */
export function checkDetails(body: unknown): CheckedDetails | { noImage: true } {
  const sent = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof sent.id !== 'string' || !sent.id) return { noImage: true };
  const fields: Partial<Record<MediaDetailsField, string>> = {};
  const decorative = sent.decorative === true;
  const alt = optionalText(sent.alt);
  if (alt === false) fields.alt = 'Alt text must be words.';
  else if (!decorative && !alt) fields.alt = 'Write what the image shows, or mark it decorative.';
  else if (alt && alt.length > MAX_TEXT) fields.alt = `Alt text is at most ${MAX_TEXT} characters; this has ${alt.length}.`;
  const caption = optionalText(sent.caption);
  if (caption === false) fields.caption = 'A caption must be words.';
  else if (caption && caption.length > MAX_TEXT)
    fields.caption = `A caption is at most ${MAX_TEXT} characters; this has ${caption.length}.`;
  const credit = optionalText(sent.credit);
  if (credit === false) fields.credit = 'A credit must be words.';
  else if (credit && credit.length > MAX_TEXT) fields.credit = `A credit is at most ${MAX_TEXT} characters; this has ${credit.length}.`;
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
      ...(decorative ? { decorative } : { alt: alt as string }),
      ...(caption ? { caption } : {}),
      ...(credit ? { credit } : {}),
      ...(focus ? { focus } : {}),
    },
  };
}

/** The record with these details in place of its old ones; what the tools measured stays as it was. */
export function recordWithDetails(old: MediaRecord, details: Omit<MediaDetailsRequest, 'id'>): MediaRecord | { refused: string } {
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
