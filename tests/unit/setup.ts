/** Unit tests render pages and blocks synchronously, as the prerenderer does: every island's code is loaded first. */
import { loadIslandComponents } from '../../src/render/render-page';

await loadIslandComponents();
