/** Unit tests render blocks synchronously: load every block's code-split component first. */
import { blockLoaders, loadBlockComponents } from '../../src/blocks/components';

await loadBlockComponents(Object.keys(blockLoaders).map((type) => ({ type })));
