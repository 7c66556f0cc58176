/**
 * A list whose items are reordered by dragging their handle (pointer, dnd-kit) or from the keyboard: focus the
 * handle, Space (or Enter) to pick the item up, the arrow keys to move it, Space to drop it, Escape to put it back
 * where it was, as dnd-kit's instructions (the handle's description) say. The keyboard is handled here, not by
 * dnd-kit's keyboard sensor: that one measures the items on screen and starts listening for arrows a task after the
 * pick-up, so a quick arrow was lost; here each arrow moves the item one place in the list at once, the document
 * (and the preview) follow it, and a live region says where it is. Items are keyed by position (a field being typed
 * in keeps its element, whatever the edit does to the item), and the focus follows the moving item's handle.
 */
import { closestCenter, DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, VisuallyHidden } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type FocusEvent, type ReactNode } from 'react';
import classes from '../views/editor.module.css';

/** An item picked up with the keyboard: where it was, and where it is now. */
interface Picked {
  from: number;
  at: number;
}

function SortableRow({
  id,
  disabled,
  label,
  picked,
  onKeyDown,
  onBlur,
  children,
}: {
  id: string;
  disabled: boolean;
  label: string;
  picked: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onBlur: (event: FocusEvent<HTMLButtonElement>) => void;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const handle = disabled ? null : (
    <ActionIcon
      variant="subtle"
      color="gray.8"
      className={classes.handle}
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-pressed={picked || isDragging}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      data-sortable-handle={id}
      aria-label={label}
    >
      <IconGripVertical size={16} aria-hidden />
    </ActionIcon>
  );
  return (
    <div
      ref={setNodeRef}
      className={classes.sortableItem}
      data-dragging={isDragging || picked || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {children(handle)}
    </div>
  );
}

export function SortableList({
  count,
  disabled = false,
  handleLabel,
  onMove,
  children,
}: {
  count: number;
  disabled?: boolean;
  /** The accessible name of an item's handle: "Move card 2: Higher conversion". */
  handleLabel: (index: number) => string;
  onMove: (from: number, to: number) => void;
  /** An item, with its drag handle (null when the list cannot be reordered) to place in it. */
  children: (index: number, handle: ReactNode) => ReactNode;
}) {
  const listId = useId();
  const ids = Array.from({ length: count }, (_, index) => `${listId}-${index}`);
  const container = useRef<HTMLDivElement>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const [picked, setPicked] = useState<Picked>();
  const [announcement, setAnnouncement] = useState('');
  /** The handle to focus once the list has rendered the move (the moving item's, at its new place). */
  const focusNext = useRef<number | undefined>(undefined);

  useLayoutEffect(() => {
    if (focusNext.current === undefined) return;
    const index = focusNext.current;
    focusNext.current = undefined;
    container.current?.querySelector<HTMLElement>(`[data-sortable-handle="${listId}-${index}"]`)?.focus();
  });

  const position = (index: number) => `position ${index + 1} of ${count}`;
  const nameAt = (index: number) => handleLabel(index).replace(/^Move /, '');

  const move = (from: number, to: number) => {
    onMove(from, to);
    focusNext.current = to;
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const key = event.key;
    if (!picked) {
      if (key !== ' ' && key !== 'Enter') return;
      event.preventDefault();
      setPicked({ from: index, at: index });
      setAnnouncement(`Picked up ${nameAt(index)}, ${position(index)}. Arrow keys move it, Space drops it, Escape cancels.`);
      return;
    }
    if (key === 'ArrowUp' || key === 'ArrowLeft' || key === 'ArrowDown' || key === 'ArrowRight') {
      event.preventDefault();
      const to = key === 'ArrowUp' || key === 'ArrowLeft' ? Math.max(0, picked.at - 1) : Math.min(count - 1, picked.at + 1);
      if (to === picked.at) return;
      move(picked.at, to);
      setPicked({ from: picked.from, at: to });
      setAnnouncement(`Moved to ${position(to)}.`);
    } else if (key === ' ' || key === 'Enter') {
      event.preventDefault();
      setPicked(undefined);
      setAnnouncement(`Dropped at ${position(picked.at)}.`);
    } else if (key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      if (picked.at !== picked.from) move(picked.at, picked.from);
      setPicked(undefined);
      setAnnouncement(`Cancelled: back at ${position(picked.from)}.`);
    }
  };
  /** Leaving the list while an item is picked up drops it where it is (moving to its next handle is not leaving). */
  const onBlur = (event: FocusEvent<HTMLButtonElement>) => {
    const next = event.relatedTarget;
    if (!picked || focusNext.current !== undefined) return;
    if (next instanceof HTMLElement && next.dataset.sortableHandle && container.current?.contains(next)) return;
    setPicked(undefined);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onMove(from, to);
  };
  return (
    <div ref={container}>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
          {ids.map((id, index) => (
            <SortableRow
              key={id}
              id={id}
              disabled={disabled}
              label={handleLabel(index)}
              picked={picked?.at === index}
              onKeyDown={onKeyDown(index)}
              onBlur={onBlur}
            >
              {(handle) => children(index, handle)}
            </SortableRow>
          ))}
        </SortableContext>
      </DndContext>
      <VisuallyHidden aria-live="assertive">{announcement}</VisuallyHidden>
    </div>
  );
}
