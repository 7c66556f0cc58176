/**
 * Going to a field: a document opened at one (a search hit links to `/page/index.json?field=/blocks/12/items/3/question`),
 * or a problem clicked. The field is focused and scrolled into view once its view has drawn it; the editors select
 * its section or record and open the lists on the way to it (FormContext's `focus`).
 */
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FIELD_PARAM } from '../../protocol';

/** The JSON pointer the URL names, if any. */
function useFieldParam(): string | undefined {
  const [params] = useSearchParams();
  return params.get(FIELD_PARAM) ?? undefined;
}

/** How many frames to look for the field while its view draws (it is there at once unless the view waits for something). */
const FRAMES = 60;

/**
 * The field to go to: the URL's at first, then each one `show` is given (the same one again is focused again).
 */
export function useFieldFocus(): { field: string | undefined; show: (pointer: string) => void } {
  const fromUrl = useFieldParam();
  const [request, setRequest] = useState<{ pointer: string | undefined; fromUrl?: string }>({ pointer: fromUrl, fromUrl });
  // Another search hit in the document already open: the URL changes, the view stays.
  if (fromUrl !== request.fromUrl) setRequest({ pointer: fromUrl ?? request.pointer, fromUrl });
  const show = useCallback((pointer: string) => setRequest((last) => ({ pointer, fromUrl: last.fromUrl })), []);
  useFocusField(request);
  return { field: request.pointer, show };
}

/** Focuses the field's input (`[data-field]`, Fields.tsx) and scrolls it into view, once per request. */
function useFocusField(request: { pointer: string | undefined }) {
  useEffect(() => {
    const { pointer } = request;
    if (!pointer) return;
    let frame = 0;
    let frameRequest = 0;
    const attempt = () => {
      // The field itself, or the first field inside it (a section or record named as a whole).
      const marked =
        document.querySelector(`[data-field="${CSS.escape(pointer)}"]`) ??
        document.querySelector(`[data-field^="${CSS.escape(`${pointer}/`)}"]`);
      const input = marked?.matches('input, textarea') ? marked : marked?.querySelector<HTMLElement>('input, textarea, button');
      if (input instanceof HTMLElement) {
        input.scrollIntoView({ block: 'center' });
        input.focus({ preventScroll: true });
      } else if (++frame < FRAMES) frameRequest = requestAnimationFrame(attempt);
    };
    frameRequest = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frameRequest);
  }, [request]);
}
