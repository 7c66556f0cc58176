/**
 * Renders blocks in tests exactly as the build does (src/render/render-page.tsx): the fixture is
 * parsed by the block schema (a malformed fixture fails here, not silently), its `site:` links and
 * `{tokens}` are resolved, and interactive blocks render as islands.
 */
import siteData from 'virtual:site-data';
import { blockSchema, type Block } from '../../src/engine/page-schema';
import { resolveContent } from '../../src/engine/resolve';
import { renderBlock } from '../../src/render/render-page';

/** A block fixture, validated and resolved as the build does. */
export const parseBlock = (raw: unknown): Block => resolveContent(blockSchema.parse(raw), siteData.config);

export const blockHtml = (raw: unknown): string => renderBlock(parseBlock(raw), 0);

export const parseHtml = (html: string) => new DOMParser().parseFromString(html, 'text/html');
