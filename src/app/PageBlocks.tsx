import { blockComponent } from '../blocks/components';
import type { Block } from '../engine/page-schema';
import { isStaticBlock } from '../blocks/static-blocks';
import { BlockBoundary } from './BlockBoundary';
import { StaticBlock } from './StaticBlock';

/** Renders a page's blocks in order, each through the registry and inside its own error boundary. */
export function PageBlocks({ blocks }: { blocks: Block[] }) {
  return blocks.map((block, index) => (
    <BlockBoundary key={`${block.type}-${index}`} type={block.type} index={index}>
      {isStaticBlock(block.type) ? <StaticBlock block={block} /> : <BlockRenderer block={block} />}
    </BlockBoundary>
  ));
}

/** Looks the component up inside the boundary, so a block whose code is missing fails alone. */
function BlockRenderer({ block }: { block: Block }) {
  const Component = blockComponent(block.type);
  return <Component {...block} />;
}
