/**
 * A list whose items are reordered by dragging their handle (pointer) or from the keyboard: focus the
 * handle, Space to pick the item up, the arrow keys to move it, Space to drop it (Escape cancels), as
 * dnd-kit's sortable preset announces to screen readers. Items are keyed by position (a field being
 * typed in keeps its element, whatever the edit does to the item), and after a keyboard drop the focus
 * moves to the handle of the item that moved, where it now is.
 */
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useId, useRef, type ReactNode } from 'react';
import classes from '../views/editor.module.css';

function SortableRow({
  id,
  disabled,
  label,
  children,
}: {
  id: string;
  disabled: boolean;
  label: string;
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
      data-dragging={isDragging || undefined}
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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over, activatorEvent }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onMove(from, to);
    if (activatorEvent instanceof KeyboardEvent) {
      // dnd-kit gives focus back to the handle it started from (now another item's): follow the moved item.
      requestAnimationFrame(() =>
        requestAnimationFrame(() => container.current?.querySelector<HTMLElement>(`[data-sortable-handle="${ids[to]}"]`)?.focus()),
      );
    }
  };
  return (
    <div ref={container}>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
          {ids.map((id, index) => (
            <SortableRow key={id} id={id} disabled={disabled} label={handleLabel(index)}>
              {(handle) => children(index, handle)}
            </SortableRow>
          ))}
        </SortableContext>
      </DndContext>
    </div>
  );
}
