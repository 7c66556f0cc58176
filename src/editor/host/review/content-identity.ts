/**
 * What a side of a review is made from, as git names content: the tree id of the site's content folder. A version at
 * a commit has its commit's tree for good; a worktree (the published site's, a change set's) has its HEAD's tree
 * only while nothing in its content folder differs from HEAD: while a save is written but not yet committed it has
 * none, and nothing is kept for it (rendered-cache.ts).
 */
import { existsSync } from 'node:fs';
import type { Git } from '../changes/git';

const CONTENT = 'pages-json';

export interface ContentIdentity {
  /** The content's tree at a commit; undefined when there is no such commit. */
  atCommit: (sha: string) => Promise<string | undefined>;
  /**
   * A worktree's HEAD commit and its content's tree, when its content folder is exactly its HEAD's; else undefined.
   * Commits never repeat: the same commit later means nothing was saved meanwhile.
   */
  ofWorktree: (worktree: string) => Promise<{ tree: string; commit: string } | undefined>;
}

export function contentIdentity(git: Git): ContentIdentity {
  const tree = async (revision: string, cwd?: string) => {
    const { stdout, code } = await git(['rev-parse', '--verify', '--quiet', `${revision}:${CONTENT}`], {
      ...(cwd ? { cwd } : {}),
      okCodes: [1, 128],
    });
    return code === 0 ? stdout.trim() : undefined;
  };
  return {
    atCommit: (sha) => tree(sha),
    ofWorktree: async (worktree) => {
      if (!existsSync(worktree)) return undefined;
      const [head, commit, status] = await Promise.all([
        tree('HEAD', worktree),
        git(['rev-parse', '--verify', 'HEAD'], { cwd: worktree }),
        // Without optional locks: a plain status takes the worktree's index.lock while it runs, and a save's
        // `git add` or a publish's reset there at that moment would fail on it.
        git(['--no-optional-locks', 'status', '--porcelain', '--untracked-files=all', '--', CONTENT], { cwd: worktree }),
      ]);
      return head && status.stdout.trim() === '' ? { tree: head, commit: commit.stdout.trim() } : undefined;
    },
  };
}
