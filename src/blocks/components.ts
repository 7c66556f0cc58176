/**
 * Block registry, component side: block type -> React component.
 * Kept apart from `schemas.ts` so zod never reaches the browser bundle; the
 * mapped type below fails to compile when a registered schema has no component.
 */
import type { ComponentType } from 'react';
import type { Block } from '../engine/page-schema';
import { CallToAction } from './CallToAction/CallToAction';
import { CardGrid } from './CardGrid/CardGrid';
import { FAQ } from './FAQ/FAQ';
import { Hero } from './Hero/Hero';
import { NotFound } from './NotFound/NotFound';
import { Prose } from './Prose/Prose';
import { StatBand } from './StatBand/StatBand';

export type BlockComponents = { [T in Block['type']]: ComponentType<Extract<Block, { type: T }>> };

export const blockComponents: BlockComponents = {
  CallToAction,
  CardGrid,
  FAQ,
  Hero,
  NotFound,
  Prose,
  StatBand,
};
