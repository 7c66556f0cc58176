/**
 * The columns of a document's editor (an outline or list, the form, the preview) and, on a screen too narrow for them
 * side by side (a phone, a tablet), a switch between the form and the preview: each then fills the screen below the
 * toolbar, so the editor is always one screen high and the preview is a tap away instead of under the whole form.
 * Which one shows is the view's (a section clicked in the preview brings the form back).
 */
import { SegmentedControl } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import classes from './editor.module.css';

export type Pane = 'form' | 'preview';

/** The pane shown on a narrow screen, and the way to show the other. */
export const usePane = () => useState<Pane>('form');

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
