/**
 * Addresses a page may not take (src/engine/load/checks/reserved-routes.ts): validation and the new-page scaffolder refuse them,
 * and every address the lead server answers itself is among them.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServer } from '../../server/app';
import { formatProblem } from '../../src/engine/model/problems';
import { reservedRouteReason } from '../../src/engine/load/checks/reserved-routes';
import { planNewPage } from '../../src/engine/tooling/scaffold/new-page';
import { baseFiles, fixtureSite, hero, page, validateFiles } from './content-fixture';

const EN = { code: 'en', region: 'US', name: 'English', prefix: '', status: 'published' };
const ES = { code: 'es', region: 'ES', name: 'Español', prefix: 'es', status: 'published' };

describe('addresses that belong to something else', () => {
  it.each([
    ['es/story.json', '/es/story', '/es/ holds the pages of another language'],
    ['assets/guide.json', '/assets/guide', '/assets/ holds the scripts, styles and fonts the build writes'],
    ['healthz.json', '/healthz', "/healthz is one of the lead server's own addresses"],
    ['functions/v1/submit-email.json', '/functions/v1/submit-email', "/functions is one of the lead server's own addresses"],
    ['robots.txt.json', '/robots.txt', "a page's address has no dot"],
  ])('refuses a page at %s', (file, route, reason) => {
    const files = { ...baseFiles(), '_site.json': { ...fixtureSite(), locales: [EN, ES] }, [file]: page([hero]) };
    const { problems } = validateFiles(files);
    expect(problems.map(formatProblem)).toContainEqual(
      expect.stringContaining(`pages-json/${file}: the address ${route} is taken: ${reason}`),
    );
  });

  it('is refused by the new-page scaffolder, the editor’s and the command’s', () => {
    const { dir, root } = validateFiles({ ...baseFiles(), '_site.json': { ...fixtureSite(), locales: [EN, ES] } });
    const content = validateFiles({ ...baseFiles(), '_site.json': { ...fixtureSite(), locales: [EN, ES] } });
    const { error } = planNewPage({ folder: 'es', slug: 'terms', title: 'Terms again' }, content, dir);
    expect(error).toBe(
      "/es/terms cannot be a page's address: /es/ holds the pages of another language, so no page of its own may live there",
    );
    expect(root).toBeTruthy();
  });

  it('covers every address the lead server answers itself', async () => {
    const site = mkdtempSync(join(tmpdir(), 'reserved-routes-'));
    mkdirSync(join(site, 'dist'));
    writeFileSync(join(site, 'dist', 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(site, 'dist', '404.html'), '<!doctype html><title>404</title>');
    const app = await createServer({ distDir: join(site, 'dist'), leadsDb: join(site, 'leads.db') });
    try {
      const routes = [...app.printRoutes({ commonPrefix: false }).matchAll(/(\/[^\s(]*)/g)].map((match) => match[1]);
      const own = routes.filter((route) => route !== '/' && !route.includes('*'));
      expect(own.length).toBeGreaterThan(2);
      for (const route of own) expect(reservedRouteReason(route, []), route).toBeDefined();
    } finally {
      await app.close();
    }
  });
});
