import { use } from 'react';
import { blockComponent, isBlockLoaded, loadBlockComponent } from '../blocks/components';
import type { Block } from '../engine/page-schema';
import { KeepServerHtml } from './KeepServerHtml';

/** A block from the static list (src/blocks/static-blocks.ts): its prerendered HTML is kept on first load, its code never fetched. */
export function StaticBlock({ block }: { block: Block }) {
  return (
    <KeepServerHtml content={block}>
      <LoadedBlock block={block} />
    </KeepServerHtml>
  );
}

function LoadedBlock({ block }: { block: Block }) {
  // Page loaders load every block's code first; this covers a static block mounted fresh
  // before that (e.g. a re-render reaching it during the initial hydration).
  if (!isBlockLoaded(block.type)) use(loadBlockComponent(block.type));
  const Component = blockComponent(block.type);
  return <Component {...block} />;
}
