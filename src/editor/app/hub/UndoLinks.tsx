/** A change set's links to the undo of it ("Undone in …", or one on its way) and to the change set it undoes ("Undoes …"). */
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { HOSTED, type ChangeSetSummary } from '../../hosted-protocol';
import { UNDO_CHANGE_SET_WORDS as WORDS, undoneInLabel } from './words-undo';

export function UndoLinks({ changeSet }: { changeSet: Pick<ChangeSetSummary, 'undoes' | 'undoneIn'> }) {
  const { undoes, undoneIn } = changeSet;
  return (
    <>
      {undoes && (
        <Text size="sm" data-undoes>
          {WORDS.undoes}{' '}
          <Anchor component={Link} to={HOSTED.changeSet(undoes.id)}>
            {undoes.title}
          </Anchor>
        </Text>
      )}
      {undoneIn && (
        <Text size="sm" data-undone-in>
          {undoneInLabel(undoneIn.status)}{' '}
          <Anchor component={Link} to={HOSTED.changeSet(undoneIn.id)}>
            {undoneIn.title}
          </Anchor>
        </Text>
      )}
    </>
  );
}
