/**
 * The sizes a server makes variants at on request (src/engine/model/picture.ts isSlotSize): every size a page, a shared
 * card or the phone check names is one, and a size no slot has is not, whatever the original.
 */
import { describe, expect, it } from 'vitest';
import { IMAGE_LAYOUTS } from '../../src/engine/model/image-layouts';
import type { ImageLayoutName } from '../../src/engine/model/json-schema-node';
import type { MediaRecord } from '../../src/engine/model/media';
import { isSlotSize, phoneVariant, pictureOf, sharedImageOf } from '../../src/engine/model/picture';
import { parseImageName } from '../../src/engine/tooling/media/variant-names';

const records: Record<string, MediaRecord> = Object.fromEntries(
  [
    ['wide', 4000, 2250],
    ['photo', 1200, 800],
    ['small', 300, 200],
    ['tall', 900, 1600],
  ].map(([id, width, height]) => [
    id,
    { file: `${id}.jpg`, sha256: `${id}`.padEnd(64, '0'), format: 'jpeg', width, height, alt: id } as unknown as MediaRecord,
  ]),
);

const sizesNamed = (id: string) => {
  const names: string[] = [];
  for (const layout of Object.keys(IMAGE_LAYOUTS) as ImageLayoutName[]) {
    const picture = pictureOf(records, id, layout)!;
    names.push(
      picture.src,
      ...[picture.srcset!, ...picture.sources.map((source) => source.srcset)].flatMap((set) => set.split(', ').map((c) => c.split(' ')[0])),
    );
    names.push(`/_img/${phoneVariant(id, records[id], layout)}`);
  }
  names.push(sharedImageOf(records, id)!.url);
  return names.map((name) => parseImageName(name.replace('/_img/', ''))!);
};

describe('slot sizes', () => {
  it('holds every size a page, a shared card or the phone check names', () => {
    for (const id of Object.keys(records))
      for (const file of sizesNamed(id)) {
        expect(file.kind, file.name).toBe('variant');
        if (file.kind === 'variant') expect(isSlotSize(records[id], file.width, file.height), `${id}: ${file.name}`).toBe(true);
      }
  });

  it('refuses a size no slot has', () => {
    const photo = records.photo;
    expect(isSlotSize(photo, 40000, 26667)).toBe(false);
    expect(isSlotSize(photo, 2000, 1333)).toBe(false);
    // A width of the ladder with a height no slot gives it.
    expect(isSlotSize(photo, 640, 640)).toBe(false);
  });
});
