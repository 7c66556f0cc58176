/** Every problem of the draft, worded as `npm run validate` words them, each leading to its field. */
import { Alert, Anchor, List, Stack, Text, Title } from '@mantine/core';
import type { EditorSession, ShownProblem } from '../state/session';

function Item({ problem, onShow }: { problem: ShownProblem; onShow?: (pointer: string) => void }) {
  return (
    <List.Item>
      <Text size="sm">
        {problem.severity === 'warning' ? 'Warning: ' : ''}
        {onShow && problem.pointer ? (
          <Anchor component="button" type="button" size="sm" underline="always" onClick={() => onShow(problem.pointer)}>
            {problem.where || problem.pointer}
          </Anchor>
        ) : (
          problem.where
        )}
        {problem.where || (onShow && problem.pointer) ? ': ' : ''}
        {problem.message}
      </Text>
      {problem.hint && (
        <Text size="xs" c="gray.8">
          hint: {problem.hint}
        </Text>
      )}
    </List.Item>
  );
}

export function ProblemList({ session, onShow }: { session: EditorSession; onShow?: (pointer: string) => void }) {
  const { problems, elsewhere } = session;
  if (!problems.length && !elsewhere.length) return null;
  const errors = problems.filter((problem) => problem.severity === 'error');
  const warnings = problems.filter((problem) => problem.severity === 'warning');
  return (
    <Stack gap="xs" mt="lg" data-problems>
      <Title order={2} size="h5">
        Problems
      </Title>
      {errors.length > 0 && (
        <Alert color="red" title={`${errors.length} ${errors.length === 1 ? 'error' : 'errors'}: this draft cannot be saved`}>
          <List spacing={4}>
            {errors.map((problem) => (
              <Item key={`${problem.pointer}${problem.message}`} problem={problem} onShow={onShow} />
            ))}
          </List>
        </Alert>
      )}
      {elsewhere.length > 0 && (
        <Alert color="red" title="Errors this draft causes in other files">
          <List spacing={4}>
            {elsewhere.map((problem) => (
              <List.Item key={`${problem.file}${problem.pointer}${problem.message}`}>
                <Text size="sm">
                  {problem.file}: {problem.where ? `${problem.where}: ` : ''}
                  {problem.message}
                </Text>
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {warnings.length > 0 && (
        <Alert color="yellow" title={`${warnings.length} ${warnings.length === 1 ? 'warning' : 'warnings'}: allowed while drafting`}>
          <List spacing={4}>
            {warnings.map((problem) => (
              <Item key={`${problem.pointer}${problem.message}`} problem={problem} onShow={onShow} />
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
