/**
 * Starts the hosted editor's server from its settings (docs/editor-server.md, "Settings"): its clone of the site's
 * repository (EDITOR_REPO, EDITOR_DATA_DIR, EDITOR_BRANCH, EDITOR_GIT_REMOTE), the accounts where the leads are
 * (DATABASE_URL or LEADS_DB), EDITOR_PORT (8090) and EDITOR_HOST (127.0.0.1: put it behind an HTTPS reverse proxy),
 * EDITOR_ORIGIN and EDITOR_SECURE_COOKIES, EDITOR_RELEASES_DIR when the public site is served from this machine, and
 * EDITOR_BUILD_DIR, its bundles (`.editor-build/`, which `npm run editor` makes).
 */
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ROOT_DIR } from '../../engine/load/content-env';
import { buildEditorServer, type DeclaredRoute } from './app';
import { accountStoreLocation, openAccountStore } from './accounts/open-account-store';
import { accountSettingsFromEnv } from './accounts/settings';
import { readBuiltAssets } from './built-assets';
import { ChangeRepository, changeRepositorySettings } from './changes';
import { previewSecret } from './preview-links';
import { sitePublisher } from './serve-published';
import { ChangeSetRecords } from './review/change-set-records';
import { afterSave } from './review/review-rules';
import { createWorkspaces } from './workspaces';

export interface StartedEditor {
  app: FastifyInstance;
  routes: DeclaredRoute[];
  url: string;
  close: () => Promise<void>;
}

function portOf(env: NodeJS.ProcessEnv): number {
  const text = env.EDITOR_PORT || '8090';
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`EDITOR_PORT must be a port number, not "${text}"`);
  return port;
}

export async function startEditor(
  env: NodeJS.ProcessEnv = process.env,
  options: { logger?: boolean; now?: () => Date } = {},
): Promise<StartedEditor> {
  const port = portOf(env);
  const accountSettings = accountSettingsFromEnv(env);
  const repoSettings = changeRepositorySettings(env, ROOT_DIR);
  const assets = readBuiltAssets(env.EDITOR_BUILD_DIR ? resolve(env.EDITOR_BUILD_DIR) : join(ROOT_DIR, '.editor-build'));
  const repo = await ChangeRepository.open(repoSettings);
  const accounts = await openAccountStore(accountStoreLocation(env));
  const records = new ChangeSetRecords(repoSettings.dataDir);
  const workspaces = createWorkspaces({
    repo,
    assets,
    dataDir: repoSettings.dataDir,
    // A save after approval takes the approval back (review-rules.ts).
    onCommitted: (id) => {
      if (records.get(id)) records.update(id, afterSave);
    },
    log: (message) => app.log.info(message),
  });
  const site = env.EDITOR_RELEASES_DIR ? sitePublisher(repoSettings.dataDir, resolve(env.EDITOR_RELEASES_DIR)) : undefined;
  const { app, routes } = await buildEditorServer({
    host: {
      repo,
      records,
      workspaces,
      assets,
      previewSecret: previewSecret(join(repoSettings.dataDir, 'preview-secret')),
      ...(site ? { site } : {}),
      now: options.now ?? (() => new Date()),
    },
    accounts: { store: accounts, ...accountSettings },
    logger: options.logger ?? true,
  });
  if (repo.fetchError) app.log.warn(`could not fetch ${repoSettings.source}: ${repo.fetchError}; working on the clone as it is`);
  app.addHook('onClose', async () => {
    await repo.idle();
    await accounts.close();
  });
  const address = await app.listen({ port, host: env.EDITOR_HOST || '127.0.0.1' });
  // The site on this machine brought up to the published branch (its first release, a folder `npm start` built taken
  // over, or a build a crash stopped), in the background: the editor is usable meanwhile, a publish queues behind it.
  const servedAtStart = site?.bringUpToDate(await repo.publishedHead()).then(
    (served) => served && app.log[served.ok ? 'info' : 'error'](`the site on this server: ${served.summary}`),
    (error: Error) => app.log.error({ err: error }, 'the site on this server could not be brought up to date'),
  );
  return {
    app,
    routes,
    url: address,
    close: async () => {
      site?.stop(); // a build running is stopped: the next start serves what it was building
      await app.close();
      await servedAtStart; // nothing left writing into the data folder
    },
  };
}
