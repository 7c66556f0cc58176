/**
 * Unit tests render blocks synchronously: load every block's code-split component first, and the
 * code of the deferred parts (below-the-fold blocks, see src/app/deferred-hydration.tsx), as the
 * prerenderer does.
 */
import { preloadDeferredParts } from '../../src/app/deferred-hydration';
import '../../src/app/PageBlocks'; // registers the deferred block types
import { blockLoaders, loadBlockComponents } from '../../src/blocks/components';

await Promise.all([loadBlockComponents(Object.keys(blockLoaders).map((type) => ({ type }))), preloadDeferredParts()]);
