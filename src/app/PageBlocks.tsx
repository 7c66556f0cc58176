import type { ComponentType } from 'react';
import { blockComponents } from '../blocks/components';
import type { Block } from '../engine/page-schema';
import { BlockBoundary } from './BlockBoundary';

/** Renders a page's blocks in order, each through the registry and inside its own error boundary. */
export function PageBlocks({ blocks }: { blocks: Block[] }) {
  return blocks.map((block, index) => {
    const Component = blockComponents[block.type] as ComponentType<Block>;
    return (
      <BlockBoundary key={`${block.type}-${index}`} type={block.type} index={index}>
        <Component {...block} />
      </BlockBoundary>
    );
  });
}
