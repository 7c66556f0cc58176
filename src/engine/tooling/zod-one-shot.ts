/**
 * Imported first by the commands that check the content once and exit (`npm run validate`, `npm run build`): zod
 * compiles a fast parser for each object schema on its first parse, which pays off only in a long-running process
 * (the dev server, the editor). Checking the site once, zod without it took 480-610 ms where it took 590-840 ms.
 * It must run before any schema is made: zod reads the setting when a schema is created.
 */
import { config } from 'zod';

config({ jitless: true });
