/**
 * Publishing a translation (scripts/build/publish.ts, incremental) on a copy of the real content: a Spanish-only change
 * renders only the pages that show it, and the release is byte for byte what `npm run build` writes for the same
 * content. A Spanish text changed: that Spanish page alone. A page translated into Spanish for the first time (before,
 * Spanish visitors got it in English only): the new Spanish page and the English one whose language menu now offers
 * it, not every page of every language (the site data's page lists changed; the other pages get the language's new
 * site data address written into their files). An image's caption written in English: every page showing the image,
 * in each language; translated into Spanish: that Spanish page alone; its credit changed (on no page): none. The steps
 * build on each other, in order.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublishSummary } from '../../test-support/publish';
import { filesOf as files, usePublishWorkspace } from '../../test-support/publish-workspace';

const { content, published, fullBuild } = usePublishWorkspace('publish-translation');

const readJson = (file: string) => JSON.parse(readFileSync(join(content, file), 'utf8')) as Record<string, unknown>;
const writeJson = (file: string, value: unknown) => writeFileSync(join(content, file), JSON.stringify(value, null, 2));

beforeAll(() => {
  // A page new in English, not yet in Spanish or German (their visitors get it in English only).
  const terms = readJson('terms.json') as { meta: Record<string, unknown> };
  terms.meta.title = 'Terms for partners | Reachwell';
  terms.meta.description =
    'The terms a Reachwell partner agrees to, in plain words: what we do, what you do, and how either of us ends it.';
  writeJson('partner-terms.json', terms);
});

describe('publishing a translation', () => {
  let first: PublishSummary;

  it('starts from a whole release', async () => {
    first = await published();
    expect(first).toMatchObject({ mode: 'full', pages: 97 });
  });

  it('renders only the Spanish page whose text changed', async () => {
    const story = readJson('_translations/es/story.json') as Record<string, { text: string }>;
    story['blocks.Hero.heading'].text = 'La humanidad, de vuelta en cada mensaje';
    writeJson('_translations/es/story.json', story);
    const next = await published();
    expect(next).toMatchObject({ mode: 'incremental', pages: 97, rerendered: 1, reused: 96 });
    expect(next.rerenderedPages).toEqual(['es:story.json']);
    const release = files(next.dir);
    expect(release['es/story/index.html']).toContain('La humanidad, de vuelta en cada mensaje');
    expect(release).toEqual(fullBuild());
  });

  it('renders a page translated into Spanish for the first time and the page that links to it, not every page', async () => {
    cpSync(join(content, '_translations', 'es', 'terms.json'), join(content, '_translations', 'es', 'partner-terms.json'));
    const next = await published();
    expect(next).toMatchObject({ mode: 'incremental', pages: 98, rerendered: 2, reused: 96 });
    // The Spanish page is new; the English one's language menu now links to it.
    expect(next.rerenderedPages.sort()).toEqual(['en:partner-terms.json', 'es:partner-terms.json']);
    const release = files(next.dir);
    expect(release['es/partner-terms/index.html']).toContain('lang="es"');
    expect(release).toEqual(fullBuild());
  });

  it('renders every page showing an image when its caption changes, and only the Spanish one when it is translated', async () => {
    writeJson('_media/story-hero.json', { ...readJson('_media/story-hero.json'), caption: 'One clear email in place of a pile.' });
    const written = await published();
    expect(written).toMatchObject({ mode: 'incremental', rerendered: 3 });
    expect(written.rerenderedPages.sort()).toEqual(['de:story.json', 'en:story.json', 'es:story.json']);
    writeJson('_translations/es/_media/story-hero.json', {
      ...readJson('_translations/es/_media/story-hero.json'),
      caption: { source: 'One clear email in place of a pile.', text: 'Un único email claro en lugar de una pila.' },
    });
    const translated = await published();
    expect(translated).toMatchObject({ mode: 'incremental', rerendered: 1 });
    expect(translated.rerenderedPages).toEqual(['es:story.json']);
    expect(readFileSync(join(translated.dir, 'es', 'story', 'index.html'), 'utf8')).toContain(
      'Un único email claro en lugar de una pila.</figcaption>',
    );
    expect(files(translated.dir)).toEqual(fullBuild());
  });

  it('renders no page when only an image’s credit changes: it is for the team, on no page', async () => {
    writeJson('_media/story-hero.json', { ...readJson('_media/story-hero.json'), credit: 'Illustration: Reachwell, redrawn' });
    const next = await published();
    expect(next).toMatchObject({ mode: 'incremental', rerendered: 0 });
    expect(files(next.dir)).toEqual(fullBuild());
  });
});
