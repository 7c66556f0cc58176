/**
 * Where this editor's endpoints are and how its requests show they come from it: the dev server's `/__edit` with
 * the editor's header, or, in the hosted editor, one change set's place with the session's CSRF token. The page
 * that loads the app says which on `<html>` (src/editor/protocol.ts).
 */
import { CSRF_HEADER, EDITOR_HEADER, EDITOR_ROUTE, editorRoutes } from '../protocol';
import { translatesInto } from '../shared/document-permission';

const root = typeof document === 'undefined' ? undefined : document.documentElement.dataset;

export const workspace = {
  base: root?.editorBase ?? EDITOR_ROUTE,
  /** In the hosted editor: files change by colleagues' saves (told by the live stream), not by the dev server's file watcher. */
  hosted: root?.editorBase !== undefined,
  ...editorRoutes(root?.editorBase ?? EDITOR_ROUTE),
  /** In the hosted editor: the change set being edited (`data-change-set`, `data-change-set-title`). */
  changeSet: root?.changeSet ? { id: root.changeSet, title: root.changeSetTitle ?? root.changeSet } : undefined,
  /**
   * In the hosted editor, a role that translates only (`data-permissions` lacks edit-structure): pages, collections,
   * templates and the configuration are read only here, and their translations are where this person writes. The
   * server refuses such a save whatever the interface does; this keeps the person from making one to lose.
   */
  structureLocked: root?.permissions !== undefined && !root.permissions.split(' ').includes('edit-structure'),
  /**
   * Whether this person translates into `code`: in the hosted editor, the languages of their account (`data-languages`,
   * none: every language); the server refuses a translation into another one whatever the interface does.
   */
  translates: (code: string) => translatesInto(root?.languages?.split(' ').filter(Boolean) ?? [], code),
  /** The headers every request carries. */
  headers: { [EDITOR_HEADER]: '1', ...(root?.csrf ? { [CSRF_HEADER]: root.csrf } : {}) } as Record<string, string>,
};
