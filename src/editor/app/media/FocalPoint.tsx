/**
 * The focal point placed on the whole picture: clicked, or moved with the arrow keys once the picture has focus
 * (5% a press, 25% with Shift); a marker shows it and a line says where it is in words. Stored as fractions 0..1.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useId, type KeyboardEvent, type MouseEvent } from 'react';
import type { MediaFocus } from '../../media-protocol';
import { MEDIA_WORDS as W } from './media-words';
import classes from './media.module.css';

const CENTRE: MediaFocus = { x: 0.5, y: 0.5 };
const STEP = 0.05;
const BIG_STEP = 0.25;

const clamp = (share: number) => Math.min(1, Math.max(0, Math.round(share * 1000) / 1000));

const MOVES: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export function FocalPoint({
  src,
  focus,
  error,
  onChange,
}: {
  src: string;
  /** undefined: the centre (nothing stored). */
  focus: MediaFocus | undefined;
  error?: string;
  onChange: (focus: MediaFocus | undefined) => void;
}) {
  const helpId = useId();
  const errorId = useId();
  const at = focus ?? CENTRE;

  const onKeyDown = (event: KeyboardEvent) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const step = event.shiftKey ? BIG_STEP : STEP;
    onChange({ x: clamp(at.x + move[0] * step), y: clamp(at.y + move[1] * step) });
  };
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    // Enter or Space "clicks" a button with no pointer (detail 0): nothing to place.
    if (event.detail === 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    onChange({ x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) });
  };

  return (
    <Stack gap={4} component="fieldset" className={classes.fieldset}>
      <Text component="legend" fw={700} size="sm">
        {W.focusTitle}
      </Text>
      <Text size="xs" c="gray.7" id={helpId}>
        {W.focusHelp}
      </Text>
      {/* A button to point at: a click places the marker where it lands, the arrow keys move it. */}
      <button
        type="button"
        className={classes.focal}
        aria-label={`${W.focusLabel}: ${W.focusAt(at.x, at.y)}`}
        aria-describedby={error ? `${helpId} ${errorId}` : helpId}
        data-focal-point
        onKeyDown={onKeyDown}
        onClick={onClick}
      >
        <img src={src} alt="" draggable={false} />
        <span className={classes.marker} style={{ left: `${at.x * 100}%`, top: `${at.y * 100}%` }} aria-hidden="true" />
      </button>
      <Group gap="sm" justify="space-between">
        <Text size="sm" aria-live="polite" data-focal-words>
          {W.focusAt(at.x, at.y)}
        </Text>
        <Button size="xs" variant="default" disabled={!focus} onClick={() => onChange(undefined)}>
          {W.focusCentre}
        </Button>
      </Group>
      {error && (
        <Text size="sm" c="red.8" id={errorId}>
          {error}
        </Text>
      )}
    </Stack>
  );
}
