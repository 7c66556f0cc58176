/** A field's problems as it shows them: its errors and warnings, each with its hint; only errors mark it invalid. */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ShownProblem } from '../state/session';

/** The text of every error, then every warning, of a field. */
export function problemText(problems: ShownProblem[]): ReactNode {
  const errors = problems.filter((problem) => problem.severity === 'error');
  const warnings = problems.filter((problem) => problem.severity === 'warning');
  if (!errors.length && !warnings.length) return undefined;
  return (
    <>
      {[...errors, ...warnings].map((problem) => (
        <span key={problem.message} data-problem={problem.severity} style={{ display: 'block' }}>
          {problem.severity === 'warning' ? `Warning: ${problem.message}` : problem.message}
          {problem.hint ? ` (${problem.hint})` : ''}
        </span>
      ))}
    </>
  );
}

/** What marks a field invalid: its errors (with its warnings after them), or nothing. */
export const fieldError = (problems: ShownProblem[]) =>
  problems.some((problem) => problem.severity === 'error') ? problemText(problems) : undefined;

/** A warning (TODO text) is shown under a field without marking it invalid. */
export const fieldWarning = (problems: ShownProblem[]) =>
  problems.some((problem) => problem.severity === 'error')
    ? undefined
    : problemText(problems.filter((problem) => problem.severity === 'warning'));

/** The warning line under a field, when it has one. */
export function FieldWarning({ warning }: { warning: ReactNode }) {
  if (!warning) return null;
  return (
    <Text size="xs" c="orange.9" mt={4}>
      {warning}
    </Text>
  );
}
