/** Placeholder replaced below. */
import type { Plugin } from 'vite';
export function devServerPlugin(): Plugin {
  return { name: 'reachwell-dev-server' };
}
