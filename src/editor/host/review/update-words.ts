/**
 * The message of a change set brought up to date: its subject, then each clash settled in words (which version was
 * kept, or the text written instead), so its saves list and git log say what the person chose.
 */
import { describe } from '../../shared/change-words';
import type { Clash, FieldChoice } from '../changes';

export function updateMessage(title: string, clashes: Clash[], choices: Record<string, Record<string, FieldChoice>>): string {
  const lines: string[] = [];
  for (const clash of clashes) {
    if (clash.kind === 'file') continue;
    const choice = choices[clash.file]?.[clash.key];
    if (choice === undefined) continue;
    const where = `${clash.document} › ${clash.place}`;
    const by = clash.publishedBy ? ` (published by ${clash.publishedBy.person.name})` : ' (published)';
    if (choice === 'changeSet')
      lines.push(`${where}: kept this change set’s ${describe(clash.changeSet)} over ${describe(clash.published)}${by}`);
    else if (choice === 'published')
      lines.push(`${where}: kept ${describe(clash.published)}${by} over this change set’s ${describe(clash.changeSet)}`);
    else lines.push(`${where}: wrote ${describe(choice.text)} instead of ${describe(clash.changeSet)} and ${describe(clash.published)}`);
  }
  const subject = `Bring “${title}” up to date with the published site`;
  return lines.length ? `${subject}\n\n${lines.join('\n')}` : subject;
}
