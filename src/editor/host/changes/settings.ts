/**
 * The change-set library's settings from the environment: `EDITOR_REPO` (a path or git URL to clone; the project's
 * own checkout unless set, which is then only ever fetched from), `EDITOR_DATA_DIR` (`data/editor/`), `EDITOR_BRANCH`
 * (`main`), `EDITOR_GIT_REMOTE` (where Publish pushes; unset, nothing is pushed).
 */
import { join, resolve } from 'node:path';
import type { ChangeRepositoryOptions } from './open-repository';

export function changeRepositorySettings(env: NodeJS.ProcessEnv, projectDir: string): ChangeRepositoryOptions {
  return {
    source: env.EDITOR_REPO || projectDir,
    dataDir: resolve(projectDir, env.EDITOR_DATA_DIR || join('data', 'editor')),
    branch: env.EDITOR_BRANCH || 'main',
    ...(env.EDITOR_GIT_REMOTE ? { publishRemote: env.EDITOR_GIT_REMOTE } : {}),
  };
}
