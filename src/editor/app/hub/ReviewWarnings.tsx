/**
 * What the site's checks say of a change set's documents (a title longer than search engines show, text still to
 * translate), in a marketer's words, at the top of its page: the reviewer reads them before Approve and Publish.
 */
import { Alert, List } from '@mantine/core';

export function ReviewWarnings({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <Alert
      color="orange"
      title={`Check before approving: ${warnings.length === 1 ? 'a warning' : `${warnings.length} warnings`}`}
      data-review-warnings
    >
      <List size="sm">
        {warnings.map((warning) => (
          <List.Item key={warning}>{warning}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
