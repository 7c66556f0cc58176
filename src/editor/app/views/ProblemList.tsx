/**
 * Every problem of the draft, in a marketer's words (shared/marketer-words.ts), each naming its field by its labels ("FAQ ›
 * Question 3: must not be empty", never a JSON pointer) and leading to it.
 */
import { Alert, Anchor, List, Stack, Text, Title } from '@mantine/core';
import { pointerWords, type PointerWordsOptions } from '../form/labels';
import { documentName } from '../../shared/marketer-words';
import type { EditorSession, ShownProblem } from '../state/session';

const capitalized = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

function Item({ problem, place, onShow }: { problem: ShownProblem; place: string; onShow?: (pointer: string) => void }) {
  return (
    <List.Item>
      <Text size="sm">
        {problem.severity === 'warning' ? 'Warning: ' : ''}
        {onShow && place ? (
          <Anchor component="button" type="button" size="sm" underline="always" onClick={() => onShow(problem.pointer)}>
            {place}
          </Anchor>
        ) : (
          place
        )}
        {place ? ': ' : ''}
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

export function ProblemList({
  session,
  onShow,
  nameOf,
}: {
  session: EditorSession;
  onShow?: (pointer: string) => void;
} & PointerWordsOptions) {
  const { problems, elsewhere } = session;
  if (!problems.length && !elsewhere.length) return null;
  /** Where a problem is, in the labels of the form. */
  const placeOf = (problem: ShownProblem) => pointerWords(problem.pointer, session.doc, session.payload.schema, { nameOf });
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
              <Item key={`${problem.pointer}${problem.message}`} problem={problem} place={placeOf(problem)} onShow={onShow} />
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
                  {capitalized(documentName(problem.file ?? ''))}: {problem.message}
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
              <Item key={`${problem.pointer}${problem.message}`} problem={problem} place={placeOf(problem)} onShow={onShow} />
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
