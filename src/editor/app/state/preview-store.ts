/** The latest rendering of a draft, handed to the preview iframe as soon as it arrives (not through a render of the editor). */
import type { PreviewUpdate } from '../../protocol';

export interface PreviewStore {
  latest: () => PreviewUpdate | undefined;
  set: (update: PreviewUpdate) => void;
  subscribe: (listener: (update: PreviewUpdate) => void) => () => void;
}

export function createPreviewStore(): PreviewStore {
  let latest: PreviewUpdate | undefined;
  const listeners = new Set<(update: PreviewUpdate) => void>();
  return {
    latest: () => latest,
    set: (update) => {
      latest = update;
      listeners.forEach((listener) => listener(update));
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
