/**
 * In the hosted editor, a document's History: who changed it, when and what, each version as the page it was, and a
 * Restore into a change set (the hub's history view, src/editor/app/hub/HistoryView.tsx). It opens from this change
 * set, so the change set's own saves are listed and it is the one offered first to restore into. Nothing in `npm run dev`,
 * which keeps no history of its own (git does).
 */
import { Anchor } from '@mantine/core';
import { historyPath } from '../../hosted-protocol';
import { workspace } from '../workspace';

/** `file` as the repository names it: `pages-json/story.json`, `pages-json/_translations/es/story.json`. */
export function HistoryLink({ file, name }: { file: string; name: string }) {
  if (!workspace.changeSet) return null;
  return (
    <Anchor
      href={historyPath(file, workspace.changeSet.id, name)}
      size="xs"
      underline="always"
      aria-label={`History of ${name}`}
      data-history-link
    >
      History
    </Anchor>
  );
}
