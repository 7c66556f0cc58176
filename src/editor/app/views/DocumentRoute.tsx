/**
 * One document open for editing: loads it, keeps its session (draft, undo, checks, saving), and shows
 * the editor for its kind under a toolbar (status, undo, redo, save), with the dialogs every kind
 * shares: the diff before saving, a change of the file on disk merged with the draft, leaving with unsaved changes.
 */
import { Alert, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker, useLocation, useParams } from 'react-router-dom';
import type { DocumentKind, DocumentPayload, SiteVocabulary } from '../../protocol';
import { useDocument, useVocabulary } from '../api';
import { useEditorSession, type EditorSession } from '../state/session';
import { documentInWords, fileInWords, saveDialogWords as words } from '../document-words';
import { CollectionEditor } from './CollectionEditor';
import { LeaveDialog } from './Dialogs';
import { MergeDialog, MergedNotice } from './DiskChange';
import classes from './editor.module.css';
import { PageEditor } from './PageEditor';
import { Toolbar } from './Toolbar';
import { WholeDocumentEditor } from './WholeDocumentEditor';

function fileOf(kind: DocumentKind, params: Record<string, string | undefined>): string {
  switch (kind) {
    case 'page':
      return params['*'] ?? '';
    case 'collection':
      return `_collections/${params.name}.json`;
    case 'template':
      return `_templates/${params.name}.json`;
    case 'site':
      return '_site.json';
  }
}

export function DocumentRoute({ kind }: { kind: DocumentKind }) {
  const file = fileOf(kind, useParams());
  const document = useDocument(file);
  const vocabulary = useVocabulary();
  if (document.isError || vocabulary.isError)
    return (
      <main className={classes.listMain}>
        <Alert color="red" title={words.cannotOpen(fileInWords(file))}>
          {(document.error ?? vocabulary.error)?.message}
        </Alert>
      </main>
    );
  if (!document.data || !vocabulary.data)
    return (
      <main className={classes.listMain}>
        <Loader role="status" aria-label={words.opening(fileInWords(file))} />
      </main>
    );
  return <EditorView key={file} payload={document.data} vocabulary={vocabulary.data} />;
}

/** Ctrl+Z undoes, Ctrl+Shift+Z (or Ctrl+Y) redoes, anywhere in the editor: the draft's history, not one field's. */
function useUndoKeys(session: EditorSession) {
  const { undo, redo } = session;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [undo, redo]);
}

/** Leaving with unsaved changes asks first: another view of the editor (a dialog), or another page or a reload (the browser's question). */
function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return blocker;
}

function EditorView({ payload, vocabulary }: { payload: DocumentPayload; vocabulary: SiteVocabulary }) {
  const session = useEditorSession(payload);
  useUndoKeys(session);
  const blocker = useLeaveGuard(session.dirty);
  const notes = (useLocation().state as { notes?: string[] } | null)?.notes;
  return (
    <main className={classes.editorMain} aria-label={words.editing(documentInWords(payload, payload.doc))}>
      <Toolbar session={session} notes={notes} vocabulary={vocabulary} />
      <MergedNotice session={session} vocabulary={vocabulary} />
      {payload.kind === 'page' ? (
        <PageEditor session={session} vocabulary={vocabulary} />
      ) : payload.kind === 'collection' ? (
        <CollectionEditor session={session} vocabulary={vocabulary} />
      ) : (
        <WholeDocumentEditor session={session} vocabulary={vocabulary} />
      )}
      <MergeDialog session={session} vocabulary={vocabulary} />
      <LeaveDialog blocker={blocker} session={session} />
    </main>
  );
}
