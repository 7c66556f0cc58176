/**
 * The page editor: the outline of the page's sections (type, slot, label), the form of the selected
 * one, and the page itself rendered from the draft. What may be done to the page's sections, and how, is
 * the page model's (state/page-model/: on a template page its fixed sections stay, its counts hold, its open
 * areas take any block); this view keeps what is selected, what the palette adds where, and the offer to
 * undo a removal, and applies the model's named actions to the session.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SiteVocabulary } from '../../protocol';
import { useFormContext } from '../form/use-form-context';
import { Preview } from '../preview/Preview';
import { addSection, insertBlock, moveSection, removeSection, type Edit } from '../state/page-model/actions';
import { newBlock } from '../state/page-model/new-block';
import { outlineOf, rowName, rowsOf } from '../state/page-model/outline';
import { anchorsOf, countWordsOf, errorCountsOf, sectionNamesOf } from '../state/page-model/outline-index';
import { PAGE_SETTINGS, selectionOf, type Selection } from '../state/page-model/selection';
import type { EditorSession } from '../state/session';
import { useStable } from '../state/stable';
import classes from './editor.module.css';
import { EditorColumns, usePane } from './EditorColumns';
import { useFieldFocus } from './field-param';
import { OutlinePanel, type AddTarget, type OutlineActions } from './PageOutline';
import { Palette } from './Palette';
import { ProblemList } from './ProblemList';
import { SectionForm } from './SectionForm';

export function PageEditor({ session, vocabulary }: { session: EditorSession; vocabulary: SiteVocabulary }) {
  const { payload, doc, update, undo } = session;
  /** The section just removed, and the document the removal made (a later change retires the offer to undo it). */
  const [removed, setRemoved] = useState<{ name: string; doc: unknown }>();
  if (removed && removed.doc === undefined) setRemoved({ ...removed, doc });
  const removedName = removed && (removed.doc === undefined || removed.doc === doc) ? removed.name : undefined;
  const template = payload.template;
  const recordField = template?.record?.field;
  const outline = useStable(outlineOf(doc, template, vocabulary));
  const firstRow = rowsOf(outline)[0];
  // Going to a field (opened from a search hit, a problem clicked): its section selected, the field focused.
  const { field, show } = useFieldFocus();
  const [selected, setSelected] = useState<Selection>(() => (field && selectionOf(field, recordField)) || (firstRow?.key ?? PAGE_SETTINGS));
  const [shownField, setShownField] = useState(field);
  if (field !== shownField) {
    setShownField(field);
    if (field) setSelected(selectionOf(field, recordField) ?? selected);
  }
  const [adding, setAdding] = useState<AddTarget>();
  const [pane, setPane] = usePane();
  /** The form's column, scrolled to its top when another section is selected. */
  const formColumn = useRef<HTMLElement>(null);
  useEffect(() => {
    formColumn.current?.scrollTo({ top: 0 });
  }, [selected]);
  const latestDoc = useRef(doc);
  useEffect(() => {
    latestDoc.current = doc;
  }, [doc]);

  const anchors = useStable(anchorsOf(doc, template, outline));
  const countWords = useStable(countWordsOf(outline));
  const errors = useStable(errorCountsOf(outline, recordField, session.problems));
  const sectionNames = sectionNamesOf(outline);
  const context = useFormContext(session, vocabulary, { anchors, countWords, focus: field });

  /**
   * Applies one of the model's edits: the session makes it from its latest document (one undo step), and what it
   * selects is read from the document as shown. False when the model refuses it (the template does not allow it).
   */
  const apply = useCallback(
    (edit: (current: unknown) => Edit | undefined) => {
      const planned = edit(latestDoc.current);
      if (!planned) return false;
      update((current) => edit(current)?.doc ?? current);
      setSelected(planned.selected);
      return true;
    },
    [update],
  );

  const actions = useMemo<OutlineActions>(
    () => ({
      select: setSelected,
      remove: (row) => {
        const path = row.path;
        if (path && apply((current) => removeSection(current, template, path))) setRemoved({ name: rowName(row), doc: undefined });
      },
      undoRemove: () => {
        undo();
        setRemoved(undefined);
      },
      addSection: (slot) => {
        if (template) apply((current) => addSection(current, template, slot, payload.schema, vocabulary));
      },
      openPalette: setAdding,
      move: (list, from, to) => {
        apply((current) => moveSection(current, template, list, from, to));
      },
    }),
    [apply, undo, template, payload.schema, vocabulary],
  );

  const addBlock = (type: string) => {
    if (!adding) return;
    const block = newBlock(type, vocabulary);
    apply((current) => insertBlock(current, template, adding, block));
    setAdding(undefined);
  };

  return (
    <EditorColumns pane={pane} onPane={setPane} withOutline>
      <OutlinePanel
        outline={outline}
        template={template}
        recordField={recordField}
        selected={selected}
        errors={errors}
        actions={actions}
        removed={removedName}
      />
      <section className={classes.column} aria-label="Selected section" ref={formColumn}>
        <SectionForm session={session} vocabulary={vocabulary} selected={selected} context={context} />
        <ProblemList session={session} onShow={show} nameOf={(pointer) => sectionNames[pointer]} />
      </section>
      <section className={classes.previewColumn} aria-label="Preview">
        <Preview
          file={payload.file}
          title={String((doc as { meta?: { title?: unknown } })?.meta?.title ?? payload.file)}
          previews={session.previews}
          selected={selected}
          onSelect={(mark) => {
            setSelected(mark);
            setPane('form');
          }}
        />
      </section>
      <Palette
        opened={Boolean(adding)}
        blocks={vocabulary.blocks}
        where={adding?.where ?? ''}
        onClose={() => setAdding(undefined)}
        onAdd={addBlock}
      />
    </EditorColumns>
  );
}
