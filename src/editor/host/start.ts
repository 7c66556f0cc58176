/**
 * Starts the hosted editor's server from its settings (docs/editor-server.md, "Settings"): its clone of the site's
 * repository (EDITOR_REPO, EDITOR_DATA_DIR, EDITOR_BRANCH, EDITOR_GIT_REMOTE), the accounts where the leads are
 * (DATABASE_URL or LEADS_DB), EDITOR_PORT (8090) and EDITOR_HOST (127.0.0.1: put it behind an HTTPS reverse proxy),
 * EDITOR_ORIGIN, EDITOR_SECURE_COOKIES and EDITOR_TRUST_PROXY, EDITOR_RELEASES_DIR when the public site is served from this machine, and
 * EDITOR_BUILD_DIR, its bundles (`.editor-build/`, which `npm run editor` makes); EDITOR_OPEN_WORKSPACES and
 * EDITOR_WORKSPACE_IDLE_MINUTES, how many change sets stay open and for how long unused; EDITOR_CONTENT_WORKERS and
 * EDITOR_CONTENT_TIMEOUT_SECONDS, the content workers' number and how long one may take over a save's plan or a merge;
 * EDITOR_PUBLISH_CHECK_SECONDS (60), how often the timer of publish times looks at the clock at the least;
 * EDITOR_LIVE_HEARTBEAT_SECONDS (10) and EDITOR_LIVE_STREAMS_PER_PERSON (10), the live stream's heartbeat and cap.
 */
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { ROOT_DIR } from '../../engine/load/content-env';
import { buildEditorServer, type DeclaredRoute } from './app';
import { accountStoreLocation, openAccountStore } from './accounts/open-account-store';
import { accountSettingsFromEnv } from './accounts/settings';
import { readBuiltAssets } from './built-assets';
import { ChangeRepository, changeRepositorySettings } from './changes';
import { previewSecret } from './preview-links';
import { sitePublisher } from './serve-published';
import { approvalTakenBack } from './application/change-set-steps';
import { recoverAtStart } from './recover-at-start';
import { createWorkspaces, poolSettingsFromEnv } from './workspaces';
import { contentWorkerSettings } from './content-worker/content-workers';
import { TeamRemote } from './team-remote';
import { lockDataFolder } from './data-folder-lock';
import { PublishTimes } from './application/scheduled-publish';
import { liveSettingsFromEnv } from './live/live-settings';
import type { HostContext } from './host-context';
import { gitRunner } from './changes/git';
import { createReviewCache, reviewCacheSettings } from './review/review-cache';
import type { ScryptCost } from './accounts/passwords';

export interface StartedEditor {
  app: FastifyInstance;
  routes: DeclaredRoute[];
  /** The change sets whose workspace is open now, least recently used first. */
  openChangeSets: () => string[];
  /** How many content workers run now, and the content folders they hold (an editor left alone holds none). */
  contentWorkers: () => { running: number; held: string[] };
  /** How many live streams are open now (none is kept once its browser left). */
  liveStreams: () => number;
  url: string;
  close: () => Promise<void>;
}

function portOf(env: NodeJS.ProcessEnv): number {
  const text = env.EDITOR_PORT || '8090';
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`EDITOR_PORT must be a port number, not "${text}"`);
  return port;
}

function checkEverySeconds(env: NodeJS.ProcessEnv): number {
  const text = env.EDITOR_PUBLISH_CHECK_SECONDS || '60';
  const seconds = Number(text);
  // At most a day: a longer wait than a timer holds (2^31 ms, some 24.8 days) would fire at once, over and over.
  if (!(seconds > 0 && seconds <= 86_400))
    throw new Error(`EDITOR_PUBLISH_CHECK_SECONDS must be a number of seconds over 0 and at most 86400, not "${text}"`);
  return seconds;
}

/** What only a test or a benchmark sets: no log, a clock it moves, the cost its accounts' passwords were hashed at. */
export interface StartOptions {
  /** Fastify's: false for none, or options (a test's stream that keeps what is logged). */
  logger?: FastifyServerOptions['logger'];
  now?: () => Date;
  /** An unknown email's decoy check costs this (accounts/plugin.ts): tests' accounts are hashed cheaply. */
  passwordCost?: ScryptCost;
}

export async function startEditor(env: NodeJS.ProcessEnv = process.env, options: StartOptions = {}): Promise<StartedEditor> {
  const port = portOf(env);
  const accountSettings = accountSettingsFromEnv(env);
  const repoSettings = changeRepositorySettings(env, ROOT_DIR);
  const assets = readBuiltAssets(env.EDITOR_BUILD_DIR ? resolve(env.EDITOR_BUILD_DIR) : join(ROOT_DIR, '.editor-build'));
  // Before anything reads or repairs the data folder: a second editor on it stops here (data-folder-lock.ts).
  const lock = lockDataFolder(repoSettings.dataDir);
  try {
    return await startOnLockedFolder(env, options, { port, accountSettings, repoSettings, assets }, lock.release);
  } catch (error) {
    lock.release();
    throw error;
  }
}

type Settings = {
  port: number;
  accountSettings: ReturnType<typeof accountSettingsFromEnv>;
  repoSettings: ReturnType<typeof changeRepositorySettings>;
  assets: ReturnType<typeof readBuiltAssets>;
};

async function startOnLockedFolder(
  env: NodeJS.ProcessEnv,
  options: StartOptions,
  { port, accountSettings: { trustProxy, ...accountSettings }, repoSettings, assets }: Settings,
  releaseLock: () => void,
): Promise<StartedEditor> {
  const repo = await ChangeRepository.open(repoSettings);
  const accounts = await openAccountStore(accountStoreLocation(env));
  const site = env.EDITOR_RELEASES_DIR ? sitePublisher(repoSettings.dataDir, resolve(env.EDITOR_RELEASES_DIR)) : undefined;
  // Recovery speaks before the server (and its log) exists: kept until then.
  const logs: string[] = [];
  let log = (message: string): void => void logs.push(message);
  await recoverAtStart({ repo, log: (message) => log(message) });
  const now = options.now ?? (() => new Date());
  const workspaces = createWorkspaces({
    repo,
    assets,
    dataDir: repoSettings.dataDir,
    pool: poolSettingsFromEnv(env),
    workers: contentWorkerSettings(env),
    now,
    // A save after approval takes the approval back (review-rules.ts).
    onCommitted: async (id, by) => {
      await approvalTakenBack(repo, id, by, now());
    },
    log: (message) => app.log.info(message),
  });
  // Publishes, updates and pulls merge documents field by field in a content worker, off the event loop.
  repo.mergeDocumentsWith(workspaces.resolveJson);
  const team = new TeamRemote(repo, {
    configured: Boolean(repoSettings.publishRemote),
    // The team's commits checked as a publish is: the whole site, in a content worker.
    validate: (candidate) => workspaces.siteErrors(candidate.worktree),
    onMerged: async (sha) => {
      const served = await site?.serve(sha);
      if (served && !served.ok) app.log.warn(`the team’s commits merged (${sha}) but not served: ${served.summary}`);
    },
    log: (message) => app.log.warn(message),
  });
  const publishTimes = new PublishTimes(() => host, {
    checkEveryMs: checkEverySeconds(env) * 1000,
    accountNow: async (email) => (await accounts.findUser(email)) ?? undefined,
    log: (message) => app.log.info(message),
  });
  const host: HostContext = {
    repo,
    team,
    workspaces,
    assets,
    reviewCache: createReviewCache({
      dataDir: repoSettings.dataDir,
      git: gitRunner(join(repoSettings.dataDir, 'repo.git'), env),
      assets,
      ...reviewCacheSettings(env),
      log: (message) => app.log.warn(message),
    }),
    previewSecret: previewSecret(join(repoSettings.dataDir, 'preview-secret')),
    ...(site ? { site } : {}),
    publishTimes,
    now,
  };
  const { app, routes, liveStreams } = await buildEditorServer({
    host,
    accounts: { store: accounts, ...accountSettings, passwordCost: options.passwordCost },
    trustProxy,
    live: liveSettingsFromEnv(env),
    logger: options.logger ?? true,
  });
  log = (message) => app.log.warn(`at start: ${message}`);
  logs.forEach(log);
  if (repo.fetchError) app.log.warn(`could not fetch ${repoSettings.source}: ${repo.fetchError}; working on the clone as it is`);
  if (repo.opened.takeBackError) app.log.warn(`could not take the change sets back from EDITOR_GIT_REMOTE: ${repo.opened.takeBackError}`);
  if (repo.opened.takenBack) app.log.info(`took ${repo.opened.takenBack} change sets back from EDITOR_GIT_REMOTE`);
  // Worktrees of change sets published or closed before worktrees were retired (or before a crash retired them).
  await workspaces.retireDone(await repo.records());
  // The published branch pushed (the team's commits merged in first) if a stop or a failure left it unpushed.
  team.resume();
  app.addHook('onClose', async () => {
    await publishTimes.stop();
    team.stop();
    await repo.close();
    await workspaces.stop();
    await accounts.close();
    releaseLock();
  });
  const address = await app.listen({ port, host: env.EDITOR_HOST || '127.0.0.1' });
  // Publish times set before a stop armed again; one passed meanwhile publishes now.
  publishTimes.start(await repo.records());
  // The site on this machine brought up to the published branch (its first release, a folder `npm start` built taken
  // over, or a build a crash stopped), in the background: the editor is usable meanwhile, a publish queues behind it.
  const servedAtStart = site?.bringUpToDate(await repo.publishedHead()).then(
    (served) => served && app.log[served.ok ? 'info' : 'error'](`the site on this server: ${served.summary}`),
    (error: Error) => app.log.error({ err: error }, 'the site on this server could not be brought up to date'),
  );
  return {
    app,
    routes,
    openChangeSets: () => workspaces.openIds(),
    contentWorkers: () => workspaces.workers(),
    liveStreams: () => liveStreams.size,
    url: address,
    close: async () => {
      site?.stop(); // a build running is stopped: the next start serves what it was building
      await app.close();
      await servedAtStart; // nothing left writing into the data folder
    },
  };
}
