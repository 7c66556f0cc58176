import type { ComponentType } from 'react';
import { blockComponent, blockLoaders } from '../blocks/components';
import { isDeferredBlock, isStaticBlock } from '../blocks/static-blocks';
import type { Block } from '../engine/page-schema';
import { BlockBoundary } from './BlockBoundary';
import { deferHydration } from './deferred-hydration';
import { KeepServerHtml } from './KeepServerHtml';

/** One deferred-hydration wrapper per deferred block type (see static-blocks.ts). */
const deferredBlocks = new Map(
  (Object.keys(blockLoaders) as Block['type'][]).filter(isDeferredBlock).map((type) => [
    type,
    deferHydration(`block-${type}`, blockLoaders[type] as () => Promise<ComponentType<Block>>, { near: '600px', intent: true }),
  ]),
);

/**
 * Renders a page's blocks in order, each through the registry and inside its own error boundary.
 * On first load (src/blocks/static-blocks.ts) static blocks keep their prerendered HTML, so their
 * code is never fetched (`content={block}` makes another page's block render for real), and
 * deferred blocks hydrate as they near the screen.
 */
export function PageBlocks({ blocks }: { blocks: Block[] }) {
  return blocks.map((block, index) => (
    <BlockBoundary key={`${block.type}-${index}`} type={block.type} index={index}>
      {isStaticBlock(block.type) ? (
        <KeepServerHtml content={block}>
          <BlockRenderer block={block} />
        </KeepServerHtml>
      ) : (
        <BlockRenderer block={block} />
      )}
    </BlockBoundary>
  ));
}

/** Looks the component up inside the boundary, so a block whose code is missing fails alone. */
function BlockRenderer({ block }: { block: Block }) {
  const Component = deferredBlocks.get(block.type) ?? blockComponent(block.type);
  return <Component {...block} />;
}
