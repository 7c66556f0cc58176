import { wakeIslands } from '../../hydration/triggers';

/** On the button when its label rotates (more than one label is configured). */
export const LABEL_ROTATES_ATTR = 'data-label-rotates';

/**
 * The button's island starts on the visitor's first input (React is not started at load for it), unless its label
 * rotates: the visitor sees it from the first screen, so it starts at once to rotate on time. No React here.
 */
export function wakeRotatingLabel() {
  if (document.querySelector(`[data-island="FloatingChat"] [${LABEL_ROTATES_ATTR}]`)) wakeIslands('FloatingChat');
}
