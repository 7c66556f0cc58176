/**
 * The chat drawer as its openers use it: its code loads when it first opens (or earlier, on the way to
 * the button), and on phones its email field is focused 50 + 300 ms after it opens (spec), so the
 * on-screen keyboard does not fight the slide-in.
 */
import { lazyWhenOpened } from '../lazy-when-opened';

export const LazyChatDrawer = lazyWhenOpened(() => import('./ChatDrawer').then((m) => m.ChatDrawer));

/** Spec: on mobile the panel's email field is focused 50 ms, plus a further 300 ms, after it opens. */
export const MOBILE_FOCUS_DELAY_MS = 50 + 300;
