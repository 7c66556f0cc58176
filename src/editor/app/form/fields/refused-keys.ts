/**
 * A number field refuses what is not part of a number, and says so on the field: the input (Mantine's NumberInput)
 * drops a letter without a trace, so a price typed as words ("one fifty") vanished and the field looked broken.
 * The keys and pasted characters it leaves out are named under the field beside what it holds ("Only digits: 159
 * (left out: “one fifty”)"), until the next key it takes.
 */
import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';

export function useRefusedKeys(allowed: RegExp) {
  const [refused, setRefused] = useState('');
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
    if (allowed.test(event.key)) setRefused('');
    else setRefused((before) => before + event.key);
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const left = [...event.clipboardData.getData('text')].filter((character) => !allowed.test(character)).join('');
    setRefused(left.trim());
  };
  /** The note under the field, with what it holds now; undefined when nothing was left out. */
  const note = (holds: string | number, noun: string) =>
    refused.trim() === '' ? undefined : `Only ${noun}: ${holds === '' ? 'none yet' : holds} (left out: “${refused.trim()}”)`;
  return { note, handlers: { onKeyDown, onPaste } };
}
