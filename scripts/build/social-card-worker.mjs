// @ts-check
/**
 * A social card drawer's thread (social-card-drawers.ts starts one per core): it is given the fonts once and, for
 * each card's tree it is sent, answers the card's PNG. Plain JavaScript, so it starts the same whether the build runs
 * from its sources (tsx, vitest) or bundled (scripts/tools/run-bundled.mjs); the tree is made by the build
 * (social-card-template.ts), so this file only draws. The same three steps, with the same options, as one thread
 * did: a card is byte-identical whichever thread draws it.
 */
import { Resvg } from '@resvg/resvg-js';
import { parentPort, workerData } from 'node:worker_threads';
import satori from 'satori';
import sharp from 'sharp';

/** @type {{ size: { width: number; height: number }; fonts: { name: string; data: Uint8Array; weight: 400 | 800; style: 'normal' }[] }} */
const { size, fonts } = workerData;
// A Buffer crosses to a thread as a plain Uint8Array: make each font a Buffer again, as satori was given it before.
const satoriFonts = fonts.map((font) => ({ ...font, data: Buffer.from(font.data.buffer, font.data.byteOffset, font.data.byteLength) }));

/**
 * The card as a PNG: satori lays it out as SVG (text as paths), resvg rasterises it, sharp stores it with a palette
 * (about 40 kB instead of 180: the card is a few flat colours and a gradient, with no banding seen at 256 colours).
 * @param {any} tree
 */
async function drawCard(tree) {
  const svg = await satori(tree, { ...size, fonts: satoriFonts });
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: size.width }, font: { loadSystemFonts: false } }).render().asPng();
  return sharp(png).png({ palette: true, quality: 100, compressionLevel: 9 }).toBuffer();
}

parentPort?.on('message', async (/** @type {{ id: number; tree: unknown }} */ { id, tree }) => {
  try {
    const png = await drawCard(tree);
    parentPort?.postMessage({ id, png });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
