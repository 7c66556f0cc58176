/**
 * The media library: what ingest keeps and refuses (src/engine/tooling/media/ingest.ts), and each check validation
 * makes of images (src/engine/load/stages/media.ts, checks/image-checks.ts), one problem at a time.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../src/engine/load/i18n/load-site';
import { loadContent } from '../../src/engine/load/load-content';
import { formatProblem } from '../../src/engine/model/problems';
import { ingestImage } from '../../src/engine/tooling/media/ingest';
import { sanitizeSvg } from '../../src/engine/tooling/media/svg-safety';
import { baseFiles, fixtureSite, hero, page } from './content-fixture';

const REAL_LOCALES = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'pages-json', '_site.json'), 'utf8')).locales;

let photo: Buffer;
let small: Buffer;
beforeAll(async () => {
  const pixels = { width: 1400, height: 900, channels: 3 as const, background: { r: 60, g: 120, b: 220 } };
  photo = await sharp({ create: pixels })
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Spy 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } })
    .jpeg()
    .toBuffer();
  small = await sharp({ create: { ...pixels, width: 300, height: 200 } })
    .png()
    .toBuffer();
});

function contentFolder(files: Record<string, unknown> = baseFiles()) {
  const root = mkdtempSync(join(tmpdir(), 'media-'));
  const dir = join(root, 'pages-json');
  for (const [name, value] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), Buffer.isBuffer(value) || typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  }
  return { root, dir };
}

const withHeroImage = (id: string) => ({ ...baseFiles(), 'index.json': page([{ ...hero, image: id }]) });
const messagesOf = (root: string, dir: string) => loadContent(dir, root).problems.map(formatProblem);
const imageMessages = (root: string, dir: string) =>
  messagesOf(root, dir).filter((m) => /_media|image/.test(m) && !/nothing links to/.test(m));

describe('adding an image', () => {
  it('stores a photo without its metadata (GPS, camera), measured, with a placeholder', async () => {
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const { dir } = contentFolder();
    const result = await ingestImage({ contentDir: dir, bytes: photo, name: 'Team Photo.JPG', alt: 'The team at work' });
    expect(result).toMatchObject({
      added: true,
      id: 'team-photo',
      record: { file: 'team-photo.jpg', format: 'jpeg', width: 1400, height: 900 },
    });
    const stored = readFileSync(join(dir, '_media', 'team-photo.jpg'));
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('PhoneCo'))).toBe(false);
    expect('record' in result && result.record.placeholder).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  it('gives a picture with transparent parts no placeholder (its blur would show around the drawing)', async () => {
    const { dir } = contentFolder();
    const bytes = await sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0 } } })
      .composite([
        { input: Buffer.from('<svg width="200" height="100"><circle cx="50" cy="50" r="40" fill="#1c4fb8"/></svg>'), top: 100, left: 100 },
      ])
      .png()
      .toBuffer();
    const result = await ingestImage({ contentDir: dir, bytes, name: 'drawing.png', alt: 'A blue circle' });
    expect(result).toMatchObject({ added: true, record: { format: 'png', width: 400, height: 300 } });
    expect('record' in result && result.record.placeholder).toBeUndefined();
  });

  it('stores the same picture once', async () => {
    const { dir } = contentFolder();
    const first = await ingestImage({ contentDir: dir, bytes: photo, name: 'a.jpg', alt: 'A' });
    const again = await ingestImage({ contentDir: dir, bytes: photo, name: 'b.jpg', alt: 'B' });
    expect(again).toMatchObject({ added: false, id: 'a', files: [] });
    expect('record' in first && 'record' in again && again.record.sha256).toBe('record' in first && first.record.sha256);
  });

  it('tells the type by the bytes, not the name', async () => {
    const { dir } = contentFolder();
    expect(await ingestImage({ contentDir: dir, bytes: Buffer.from('<html>not a picture</html>'), name: 'x.jpg', alt: 'X' })).toEqual({
      refused: 'this file is not an image the site can show: use JPEG, PNG, WebP, AVIF, GIF or SVG',
    });
  });

  it('refuses an SVG with a script, saying why, and cleans a safe one', async () => {
    const { dir } = contentFolder();
    const evil = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script></svg>';
    expect(await ingestImage({ contentDir: dir, bytes: Buffer.from(evil), name: 'x.svg', alt: 'X' })).toEqual({
      refused: 'this SVG cannot be added: it contains a script',
    });
    const handler = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect onload="x()" /></svg>';
    expect(await ingestImage({ contentDir: dir, bytes: Buffer.from(handler), name: 'x.svg', alt: 'X' })).toMatchObject({
      refused: expect.stringContaining('event handler'),
    });
    const safe = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"><!-- made in a tool --><rect width="40" height="20"/></svg>';
    const added = await ingestImage({ contentDir: dir, bytes: Buffer.from(safe), name: 'mark.svg', alt: 'A mark' });
    expect(added).toMatchObject({ added: true, record: { format: 'svg', width: 40, height: 20 } });
    expect(readFileSync(join(dir, '_media', 'mark.svg'), 'utf8')).not.toContain('made in a tool');
  });

  it('reads an SVG closer to how a browser does: what a comment, a prefix, character references, an animation or an escape hides is refused', () => {
    const svg = (body: string, namespaces = '') => `<svg xmlns="http://www.w3.org/2000/svg"${namespaces} viewBox="0 0 10 10">${body}</svg>`;
    const refusal = (text: string) => ('refused' in sanitizeSvg(text) ? (sanitizeSvg(text) as { refused: string }).refused : 'taken');
    expect(refusal(svg('<scr<!---->ipt>alert(1)</scr<!---->ipt>'))).toMatch(/contains a script/);
    expect(refusal(svg('<rect on<!---->click="alert(1)" width="5" height="5"/>'))).toMatch(/event handler/);
    expect(refusal(svg('<x:script>alert(1)</x:script>', ' xmlns:x="http://www.w3.org/2000/svg"'))).toMatch(/contains a script/);
    expect(refusal(svg('<a href="&#106;avascript:alert(1)"><rect width="5" height="5"/></a>'))).toMatch(/javascript: link/);
    expect(refusal(svg('<a href="java&#x09;script:alert(1)"><rect width="5" height="5"/></a>'))).toMatch(/javascript: link/);
    expect(
      refusal(svg('<a xlink:href="java\nscript:alert(1)"><rect width="5" height="5"/></a>', ' xmlns:xlink="http://www.w3.org/1999/xlink"')),
    ).toMatch(/javascript: link/);
    expect(refusal(svg('<h:iframe src="/__edit/api/files"/>', ' xmlns:h="http://www.w3.org/1999/xhtml"'))).toMatch(/embeds HTML/);
    expect(refusal(svg('<a><set attributeName="href" to="data:text/html,&lt;script&gt;"/><rect width="5" height="5"/></a>'))).toMatch(
      /another site or to embedded data/,
    );
    expect(refusal(`<?xml-stylesheet type="text/xsl" href="x.xsl"?>${svg('')}`)).toMatch(/style sheet/);
    expect(refusal(svg('<rect style="fill:url(\\68ttps://evil.example/a.svg#p)" width="5" height="5"/>'))).toMatch(/escaped address/);
    // Words in text are not links: the spaces there are not taken out.
    expect(refusal(svg('<text x="1" y="8">Learn Java script: basics</text>'))).toBe('taken');
    // What a drawing tool writes is still taken: namespaces of its own, metadata, text with a character reference.
    const inkscape = svg(
      '<metadata><rdf:RDF/></metadata><sodipodi:namedview pagecolor="#ffffff"/><g inkscape:label="Layer 1"><text x="1" y="8">&#169; Reachwell</text><path d="M0 0h10v10z" style="fill:#1c4fb8"/></g>',
      ' xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"',
    );
    const taken = sanitizeSvg(inkscape);
    expect(taken).toMatchObject({ svg: expect.stringContaining('&#169; Reachwell') });
    expect((taken as { svg: string }).svg).not.toContain('<metadata');
  });

  it('refuses a file cut short, and an animation too large in all, in words', async () => {
    const { dir } = contentFolder();
    const cut = photo.subarray(0, photo.length / 2);
    expect(await ingestImage({ contentDir: dir, bytes: cut, name: 'cut.jpg', alt: 'Cut' })).toMatchObject({
      refused: expect.stringMatching(/^this file cannot be read as an image: it may be damaged or cut short \(.+\)$/),
    });
    // 65 frames of 1000x1000, 65 million pixels decoded (two colours in turn: an encoder drops a frame like the last).
    const colour = (background: string) =>
      sharp({ create: { width: 1000, height: 1000, channels: 3, background } })
        .png()
        .toBuffer();
    const [blue, orange] = await Promise.all([colour('#3366cc'), colour('#cc6633')]);
    const frames = Array.from({ length: 65 }, (_, index) => (index % 2 ? blue : orange));
    const animation = await sharp(frames, { join: { animated: true } })
      .gif({ effort: 1, colours: 2 })
      .toBuffer();
    expect(await ingestImage({ contentDir: dir, bytes: animation, name: 'long.gif', alt: 'Long' })).toEqual({
      refused:
        'this animation has 65 frames of 1000x1000 pixels, 65 million pixels in all; the most taken is 64 million: make it shorter or smaller first',
    });
  });

  it('asks for alt text or a decorative image', async () => {
    const { dir } = contentFolder();
    expect(await ingestImage({ contentDir: dir, bytes: photo, name: 'x.jpg' })).toMatchObject({
      refused: expect.stringContaining('alt text'),
    });
  });
});

describe('image checks', () => {
  async function siteWith(id: string, bytes: Buffer, name: string, alt: Record<string, unknown> = { alt: 'A view' }) {
    const folder = contentFolder(withHeroImage(id));
    const result = await ingestImage({ contentDir: folder.dir, bytes, name, id, alt: 'A view' });
    if (!('record' in result)) throw new Error(result.refused);
    const recordPath = join(folder.dir, '_media', `${id}.json`);
    const { alt: _alt, ...record } = result.record;
    writeFileSync(recordPath, JSON.stringify({ ...record, ...alt }, null, 2));
    return { ...folder, record: result.record, recordPath };
  }

  it('accepts an image with alt text, shown on a page', async () => {
    const { root, dir } = await siteWith('team', photo, 'team.jpg');
    expect(imageMessages(root, dir)).toEqual([]);
  });

  it('an image without alt text that is not decorative is an error', async () => {
    const { root, dir } = await siteWith('team', photo, 'team.jpg', {});
    expect(imageMessages(root, dir)).toEqual([
      'pages-json/_media/team.json: alt: the image team.jpg has no alt text\n' +
        '  hint: describe what it shows for people who cannot see it, or set "decorative": true if it adds nothing a visitor would miss',
    ]);
    const decorative = await siteWith('team', photo, 'team.jpg', { decorative: true });
    expect(imageMessages(decorative.root, decorative.dir)).toEqual([]);
  });

  it('alt text not yet in a language is a warning, like other text', async () => {
    const { root, dir } = await siteWith('team', photo, 'team.jpg');
    const sitePath = join(dir, '_site.json');
    writeFileSync(sitePath, JSON.stringify({ ...fixtureSite(), locales: REAL_LOCALES.slice(0, 2) }));
    const problems = loadSite(dir, root).problems.filter((p) => p.file.includes('_media'));
    expect(problems.map(formatProblem)).toEqual([
      'warning: [es] pages-json/_media/team.json: 1 text not yet in Spanish: shown in English wherever the image shows until translated: npm run i18n:extract -- es',
    ]);
  });

  it('a missing file names the record and the fix', async () => {
    const { root, dir } = await siteWith('team', photo, 'team.jpg');
    writeFileSync(join(dir, '_media', 'team.jpg'), '');
    const folder = contentFolder(withHeroImage('team'));
    mkdirSync(join(folder.dir, '_media'));
    writeFileSync(join(folder.dir, '_media', 'team.json'), readFileSync(join(dir, '_media', 'team.json')));
    expect(imageMessages(folder.root, folder.dir)).toEqual([
      'pages-json/_media/team.json: file: the image file _media/team.jpg is missing\n' +
        '  hint: put the file back in pages-json/_media/, or remove this record and the fields that show it',
    ]);
    void root;
  });

  it('a file whose bytes are no image is an error, whatever its name', async () => {
    const { root, dir } = await siteWith('team', photo, 'team.jpg');
    writeFileSync(join(dir, '_media', 'team.jpg'), '<html>a web page saved as .jpg</html>');
    expect(imageMessages(root, dir)[0]).toBe(
      'pages-json/_media/team.json: file: team.jpg is not an image this site can show (its bytes are no JPEG, PNG, WebP, AVIF, GIF or SVG)\n' +
        '  hint: save it in one of these formats and add it again: add images with npm run media:add -- <file> --alt "…": it writes the file and its record',
    );
  });

  it('an image narrower than its slot is a warning naming the field', async () => {
    const { root, dir } = await siteWith('thumb', small, 'thumb.png');
    expect(imageMessages(root, dir)).toEqual([
      'warning: pages-json/index.json: blocks[0] (Hero) image: the image "thumb" (thumb.png) is 300 px wide, and this slot shows it up to 640 px wide: it will look blurred\n' +
        '  hint: use an original at least 640 px wide (1280 px for sharp screens)',
    ]);
  });

  it('the first image of a page over the budget at phone width is an error', async () => {
    const heavy = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${'<circle cx="50" cy="50" r="40"/>'.repeat(2500)}</svg>`;
    const { root, dir } = await siteWith('heavy', Buffer.from(heavy), 'heavy.svg');
    expect(imageMessages(root, dir)).toEqual([
      'pages-json/index.json: blocks[0] (Hero) image: the image "heavy" (heavy.svg) is the first a phone loads on this page and weighs 80 kB at phone width, over the 60 kB budget: the page paints late\n' +
        '  hint: simplify the drawing (fewer points, no embedded bitmaps), or use a smaller image at the top of the page',
    ]);
  });

  it('weighs the first section’s image, not the social image before it in the document', async () => {
    const heavy = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${'<circle cx="50" cy="50" r="40"/>'.repeat(2500)}</svg>`;
    const { root, dir } = await siteWith('heavy', Buffer.from(heavy), 'heavy.svg');
    // `meta.image` comes first in the document; the hero's image is still the one a phone paints first.
    writeFileSync(join(dir, 'index.json'), JSON.stringify(page([{ ...hero, image: 'heavy' }], { image: 'heavy' })));
    expect(imageMessages(root, dir).filter((message) => message.includes('budget'))).toEqual([
      expect.stringMatching(/^pages-json\/index\.json: blocks\[0\] \(Hero\) image: the image "heavy" .* over the 60 kB budget/),
    ]);
  });

  it('an image no record has is an error with the name meant', async () => {
    const { root, dir } = await siteWith('team', photo, 'team.jpg');
    writeFileSync(join(dir, 'index.json'), JSON.stringify(page([{ ...hero, image: 'teams' }])));
    expect(imageMessages(root, dir)).toContain(
      'pages-json/index.json: blocks[0] (Hero) image: there is no image "teams" in pages-json/_media/\n' +
        '  hint: did you mean "team"? name an image of pages-json/_media/ (its record\'s file name without .json), or add it with npm run media:add',
    );
  });

  it('lists an image no page shows', async () => {
    const { root, dir } = await siteWith('team', photo, 'team.jpg');
    writeFileSync(join(dir, 'index.json'), JSON.stringify(page([hero])));
    expect(imageMessages(root, dir)).toEqual([
      'warning: pages-json/_media/team.json: the image "team" (team.jpg) is not shown on any page\n' +
        '  hint: show it in an image field, or remove its record and its file if no page needs it',
    ]);
  });

  it('the same picture under two records is an error', async () => {
    const { root, dir, record } = await siteWith('team', photo, 'team.jpg');
    writeFileSync(join(dir, '_media', 'team-copy.jpg'), readFileSync(join(dir, '_media', 'team.jpg')));
    writeFileSync(join(dir, '_media', 'team-copy.json'), JSON.stringify({ ...record, file: 'team-copy.jpg' }));
    expect(imageMessages(root, dir)).toContain(
      'pages-json/_media/team.json: file: team.jpg is the same picture as the image "team-copy": it is stored twice\n' +
        '  hint: keep one: point the fields that show "team" at "team-copy", then remove this record and its file',
    );
  });
});
