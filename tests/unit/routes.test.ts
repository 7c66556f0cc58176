import { describe, expect, it } from 'vitest';
import { fileToRoute, isPageFile, routeSection, routeToHtmlPath } from '../../src/engine/model/routes';

describe('file -> route mapping', () => {
  it.each([
    ['index.json', '/'],
    ['terms.json', '/terms'],
    ['use-cases/index.json', '/use-cases'],
    ['use-cases/collections.json', '/use-cases/collections'],
    ['compare/reachwell-vs-email-api.json', '/compare/reachwell-vs-email-api'],
    ['404.json', null],
  ])('%s -> %s', (file, route) => {
    expect(fileToRoute(file)).toBe(route);
  });

  it('treats _-prefixed files and folders as configuration, not pages', () => {
    expect(isPageFile('_site.json')).toBe(false);
    expect(isPageFile('_drafts/page.json')).toBe(false);
    expect(isPageFile('channels/email.json')).toBe(true);
  });

  it('derives the menu section from the folder', () => {
    expect(routeSection('channels/email.json')).toBe('channels');
    expect(routeSection('terms.json')).toBe('');
  });

  it('writes each route to its own index.html', () => {
    expect(routeToHtmlPath('/')).toBe('index.html');
    expect(routeToHtmlPath('/use-cases/collections')).toBe('use-cases/collections/index.html');
  });
});
