/**
 * How long Fastify waits for a plugin's setup (opening a database and migrating it, the editor's decoy password hash)
 * before it gives up the start. It bounds a hang, never a speed: Fastify's 10 s default failed an editor's start
 * with "Plugin did not start in time" on a machine at load 50, with nothing wrong.
 */
export const PLUGIN_SETUP_DEADLINE_MS = 120_000;
