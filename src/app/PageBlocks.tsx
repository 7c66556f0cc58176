import { blockComponent } from '../blocks/components';
import { isStaticBlock } from '../blocks/static-blocks';
import type { Block } from '../engine/page-schema';
import { BlockBoundary } from './BlockBoundary';
import { KeepServerHtml } from './KeepServerHtml';

/**
 * Renders a page's blocks in order, each through the registry and inside its own error boundary.
 * Static blocks (src/blocks/static-blocks.ts) keep their prerendered HTML on first load, so their
 * code is never fetched; `content={block}` makes another page's block render for real.
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
  const Component = blockComponent(block.type);
  return <Component {...block} />;
}
