/**
 * Who else has this change set open now, and on which document: one line, in the hub's change set page and the
 * editor's toolbar. A status region, there even when nobody else is, so an arrival is announced.
 */
import { Text } from '@mantine/core';
import type { PresentPerson } from '../../live-protocol';
import { presenceInWords } from '../live-words';

export function PresenceLine({ people }: { people: PresentPerson[] }) {
  return (
    <Text size="sm" role="status" data-presence={people.length} mt={people.length ? 4 : 0}>
      {presenceInWords(people)}
    </Text>
  );
}
