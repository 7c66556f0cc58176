/**
 * Text in another language than its page's (src/lib/foreign-text.ts): marked in a string, shown by the project's JSX
 * runtime as `<span lang>`, kept out of attributes, and the same when an island hydrates what the server rendered.
 */
import { Button, Title } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { hasForeignText, markForeign, plainText, textParts } from '../../src/lib/foreign-text';
import { SiteProviders } from '../../src/site/SiteProviders';
import siteData from 'virtual:site-data';

const english = (text: string) => markForeign(text, 'en');

describe('foreign text', () => {
  it('is invisible in the string, and comes apart into its plain and marked parts', () => {
    const text = `Llama a ${english('Reachwell Agent')} hoy`;
    expect(hasForeignText(text)).toBe(true);
    expect(plainText(text)).toBe('Llama a Reachwell Agent hoy');
    expect(textParts(text)).toEqual(['Llama a ', { lang: 'en', text: 'Reachwell Agent' }, ' hoy']);
    expect(textParts('plain')).toEqual(['plain']);
  });

  it('counts a mark inside a marked text once, in the outer language', () => {
    expect(textParts(english(`Chat with ${english('Reachwell Agent')}`))).toEqual([{ lang: 'en', text: 'Chat with Reachwell Agent' }]);
    // A placeholder's marked value put into a marked text after marking (resolveContent runs at render time).
    const nested = english('Chat with {agent}').replace('{agent}', english('Reachwell Agent'));
    expect(textParts(nested)).toEqual([{ lang: 'en', text: 'Chat with Reachwell Agent' }]);
    expect(textParts(markForeign('Hola', 'es'))).toEqual([{ lang: 'es', text: 'Hola' }]);
  });

  it('renders as <span lang> in any element, through library components too, and never in an element’s attribute', () => {
    const html = renderToString(
      <SiteProviders site={siteData}>
        <Title order={2}>{english('New question?')}</Title>
        <p aria-label={`Etiqueta ${english('label')}`}>Antes {english('middle')} después</p>
        <Button>{[english('one'), ' y ', english('two')]}</Button>
      </SiteProviders>,
    );
    expect(html).toContain('<span lang="en">New question?</span>');
    expect(html).toContain('aria-label="Etiqueta label"');
    expect(html).toContain('Antes <span lang="en">middle</span> después');
    expect(html).toContain('<span lang="en">one</span>');
    expect(html).toContain('<span lang="en">two</span>');
    expect(html).not.toMatch(/[\u2068\u2069]/);
  });
});
