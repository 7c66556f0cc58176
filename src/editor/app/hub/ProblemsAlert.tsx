/**
 * A refusal that lists what would break the site, one problem an item: the same for a publish and for an undo of one
 * (ChangeSetView.tsx, UndoPublish.tsx), each with its own title.
 */
import { Alert, List } from '@mantine/core';

export function ProblemsAlert({ title, problems }: { title: string; problems: readonly string[] }) {
  return (
    <Alert color="red" title={title} role="alert">
      <List size="sm">
        {problems.map((problem) => (
          <List.Item key={problem}>{problem}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
