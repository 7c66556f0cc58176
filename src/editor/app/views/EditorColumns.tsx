/**
 * The columns of a document's editor (an outline or list, the form, the preview) and, on a screen too narrow for them
 * side by side (a phone, a tablet), a switch between the form and the preview: each then fills the screen below the
 * toolbar, so the editor is always one screen high and the preview is a tap away instead of under the whole form.
 * A section clicked in the preview brings the form back.
 */
import { SegmentedControl } from '@mantine/core';
import { useSyncExternalStore, type ReactNode } from 'react';
import classes from './editor.module.css';

export type Pane = 'form' | 'preview';

/**
 * The pane shown on a narrow screen, and the way to show the other: one choice for the tab, so a view made again (a
 * new page opened after its creation, the document read again) keeps what the person chose.
 */
let chosen: Pane = 'form';
const listeners = new Set<() => void>();
const choose = (pane: Pane) => {
  chosen = pane;
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const usePane = () => [useSyncExternalStore(subscribe, () => chosen), choose] as const;

export function EditorColumns({
  pane,
  onPane,
  withOutline = false,
  children,
}: {
  pane: Pane;
  onPane: (pane: Pane) => void;
  /** A first column (the page's sections, a collection's records) before the form. */
  withOutline?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <div className={classes.paneSwitch}>
        <SegmentedControl
          fullWidth
          size="sm"
          value={pane}
          onChange={(next) => onPane(next as Pane)}
          aria-label="Show the form or the preview"
          data={[
            { value: 'form', label: 'Form' },
            { value: 'preview', label: 'Preview' },
          ]}
        />
      </div>
      <div className={withOutline ? classes.columns : `${classes.columns} ${classes.columnsNoOutline}`} data-pane={pane}>
        {children}
      </div>
    </>
  );
}
