/** What the editor and its preview iframe (preview-frame.ts) say to each other with postMessage, on the one origin. */
import { PREVIEW_BLOCK_MARK, type PreviewUpdate } from '../../protocol';

/** The comment the server writes before each block of the preview. */
export const MARK_PREFIX = PREVIEW_BLOCK_MARK;
/** The attribute the preview gives each element of a block: the block's index in the rendered page. */
export const BLOCK_ATTR = 'data-editor-block';

/** From the editor to the preview. */
export type ParentMessage = { type: 'update'; update: PreviewUpdate } | { type: 'highlight'; mark: string | undefined };

/** From the preview to the editor. */
export type FrameMessage = { type: 'ready' } | { type: 'updated' } | { type: 'select'; mark: string };
