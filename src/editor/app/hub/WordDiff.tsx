/**
 * A text a change set changes, word by word: the field in words, then the text with the words it removes struck
 * (<del>) and those it adds marked (<ins>), each also said ("removed", "added") for a screen reader, which does not
 * announce the two elements. Whole, never cut short: a small change at the end of a long text is in view.
 */
import { Text, VisuallyHidden } from '@mantine/core';
import { diffWords } from 'diff';
import type { TextChange } from '../../hosted-protocol';
import classes from '../views/editor.module.css';

export function WordDiff({ change }: { change: TextChange }) {
  const parts = diffWords(change.before, change.after);
  return (
    <div data-word-diff>
      <Text size="sm" fw={600}>
        {change.where}
      </Text>
      <Text size="sm" className={classes.wordDiff}>
        {parts.map((part, index) =>
          part.added ? (
            <ins key={index}>
              <VisuallyHidden>added: </VisuallyHidden>
              {part.value}
            </ins>
          ) : part.removed ? (
            <del key={index}>
              <VisuallyHidden>removed: </VisuallyHidden>
              {part.value}
            </del>
          ) : (
            <span key={index}>{part.value}</span>
          ),
        )}
      </Text>
    </div>
  );
}
