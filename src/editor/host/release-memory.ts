/**
 * Memory given back once the editor closed what it held: V8 collects garbage only when the program allocates, so an
 * editor left alone after closing its idle change sets would keep their memory (its resident set unchanged) until
 * someone asks for something. One full collection then returns it. V8's `gc` is exposed at run time for this (the
 * same as starting Node with --expose-gc, without asking every way of starting the editor to pass it).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/** A full garbage collection now (a few hundred milliseconds with a large heap: only after closing something). */
export function releaseMemory(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}
