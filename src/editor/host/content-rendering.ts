/**
 * A content folder as the editor server renders it: validated when first read and again whenever a file in it
 * changed since (a change set's worktree, the published branch's, a version in history), each language ready to
 * render, and a language's site data as the module its islands load.
 */
import { createContentState, type ContentState, type LocaleRendering } from '../../engine/load/content-state';
import { siteDataModule } from '../../engine/model/site-data';

/** Renders a language of a content (`''`: the default language). */
export type Rendering = (prefix: string) => LocaleRendering | undefined;

export interface ContentRendering {
  /** The content as it is now. */
  content: () => ContentState;
  /** The content as last read, without looking whether a file changed since. */
  lastRead: () => ContentState;
  rendering: Rendering;
  /** Validates it again now (after a write the file times may not show). */
  reload: () => void;
}

export function contentRendering(contentDir: string): ContentRendering {
  const dev = createContentState(contentDir);
  const content = () => (dev.changedSinceRead() ? dev.reload() : dev.state);
  const rendering: Rendering = (prefix) => {
    const good = content().good;
    if (!good) return undefined;
    return prefix ? good.inLanguage(prefix) : good;
  };
  return { content, lastRead: () => dev.state, rendering, reload: () => void dev.reload() };
}

/** The site data module of a language by its file name (`default.js`: the default language's, `es.js`), if any. */
export function siteDataModuleFor(content: Rendering, file: string): string | undefined {
  const match = /^([a-z-]+)\.js$/.exec(file);
  if (!match) return undefined;
  const rendering = content(match[1] === 'default' ? '' : match[1]);
  return rendering && siteDataModule(rendering.siteData);
}
