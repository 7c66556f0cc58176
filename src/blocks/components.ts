/**
 * Block registry, component side: block type -> the code-split module of its React component.
 * Kept apart from `schemas.ts` so zod never reaches the browser bundle; the mapped type
 * fails to compile when a registered schema has no component. Each block is its own chunk, so
 * a page downloads only the blocks it uses: the page loader (and the browser entry, before
 * hydrating) awaits `loadBlockComponents`, and rendering then reads them synchronously.
 */
import type { ComponentType } from 'react';
import type { Block } from '../engine/page-schema';

type BlockType = Block['type'];

export type BlockLoaders = { [T in BlockType]: () => Promise<ComponentType<Extract<Block, { type: T }>>> };

export const blockLoaders: BlockLoaders = {
  CallToAction: () => import('./CallToAction/CallToAction').then((m) => m.CallToAction),
  CardGrid: () => import('./CardGrid/CardGrid').then((m) => m.CardGrid),
  Checklist: () => import('./Checklist/Checklist').then((m) => m.Checklist),
  ComparisonTable: () => import('./ComparisonTable/ComparisonTable').then((m) => m.ComparisonTable),
  ExitDialog: () => import('./ExitDialog/ExitDialog').then((m) => m.ExitDialog),
  FAQ: () => import('./FAQ/FAQ').then((m) => m.FAQ),
  FeatureColumns: () => import('./FeatureColumns/FeatureColumns').then((m) => m.FeatureColumns),
  FloatingChat: () => import('./FloatingChat/FloatingChat').then((m) => m.FloatingChat),
  Guardrails: () => import('./Guardrails/Guardrails').then((m) => m.Guardrails),
  Hero: () => import('./Hero/Hero').then((m) => m.Hero),
  LinkStrip: () => import('./LinkStrip/LinkStrip').then((m) => m.LinkStrip),
  LogoStrip: () => import('./LogoStrip/LogoStrip').then((m) => m.LogoStrip),
  NotFound: () => import('./NotFound/NotFound').then((m) => m.NotFound),
  Pricing: () => import('./Pricing/Pricing').then((m) => m.Pricing),
  Prose: () => import('./Prose/Prose').then((m) => m.Prose),
  SplitOptions: () => import('./SplitOptions/SplitOptions').then((m) => m.SplitOptions),
  StatBand: () => import('./StatBand/StatBand').then((m) => m.StatBand),
  Steps: () => import('./Steps/Steps').then((m) => m.Steps),
};

const loaded = new Map<string, ComponentType<Block>>();

/** Loads (once) the components of the given blocks. */
export async function loadBlockComponents(blocks: readonly { type: string }[]): Promise<void> {
  const missing = [...new Set(blocks.map((b) => b.type))].filter((type) => !loaded.has(type) && Object.hasOwn(blockLoaders, type));
  await Promise.all(
    missing.map(async (type) => {
      loaded.set(type, (await blockLoaders[type as BlockType]()) as ComponentType<Block>);
    }),
  );
}

/** The component of a block type; its module must have been loaded by `loadBlockComponents`. */
export function blockComponent(type: string): ComponentType<Block> {
  const component = loaded.get(type);
  if (!component) throw new Error(`Block ${type} was rendered before its code was loaded`);
  return component;
}
