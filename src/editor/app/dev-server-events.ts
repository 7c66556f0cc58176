/**
 * An event the dev server sends the editor over Vite's HMR channel (a content or file change in `npm run dev`),
 * listened for until the returned function is called. Nothing in the hosted editor, whose bundles have no
 * `import.meta.hot`.
 */
export function onDevServerEvent<T>(event: string, listener: (payload: T) => void): () => void {
  const hot = import.meta.hot;
  if (!hot) return () => {};
  hot.on(event, listener);
  // Vitest's own import.meta.hot (the unit tests render the editor's sessions) has `on` but no `off`.
  return () => hot.off?.(event, listener);
}
