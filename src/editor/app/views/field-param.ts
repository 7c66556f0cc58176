/**
 * A document opened at one of its fields (a search hit links to `/page/index.json?field=/blocks/12/items/3/question`):
 * the field named by the URL's `field` parameter, and focusing it once its view has drawn it. The editors select
 * its section or record and open the lists on the way to it (FormContext's `focus`).
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FIELD_PARAM } from '../../protocol';

/** The JSON pointer the URL names, if any. */
export function useFieldParam(): string | undefined {
  const [params] = useSearchParams();
  return params.get(FIELD_PARAM) ?? undefined;
}

/** How many frames to look for the field while its view draws (it is there at once unless the view waits for something). */
const FRAMES = 60;

/** Focuses the field's input (`[data-field]`, Fields.tsx) and scrolls it into view, once. */
export function useFocusField(pointer: string | undefined) {
  useEffect(() => {
    if (!pointer) return;
    let frame = 0;
    let request = 0;
    const attempt = () => {
      // The field itself, or the first field inside it (a section or record named as a whole).
      const marked =
        document.querySelector(`[data-field="${CSS.escape(pointer)}"]`) ??
        document.querySelector(`[data-field^="${CSS.escape(`${pointer}/`)}"]`);
      const input = marked?.matches('input, textarea') ? marked : marked?.querySelector<HTMLElement>('input, textarea, button');
      if (input instanceof HTMLElement) {
        input.scrollIntoView({ block: 'center' });
        input.focus({ preventScroll: true });
      } else if (++frame < FRAMES) request = requestAnimationFrame(attempt);
    };
    request = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(request);
  }, [pointer]);
}
