/**
 * The bar above a document: which file, its state (unsaved, checking, errors; and, once the whole site checked the
 * draft, what it leaves to translate in each language), undo, redo and save (also Ctrl+S).
 */
import { Alert, Anchor, CloseButton, Group, Text, Title } from '@mantine/core';
import { useEffect, useEffectEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PendingLanguage, SiteVocabulary } from '../../protocol';
import type { EditorSession } from '../state/session';
import { workspace } from '../workspace';
import { documentHeading } from '../document-words';
import { translatorWords } from '../translator-words';
import { SaveDialog } from './Dialogs';
import classes from './editor.module.css';
import { ClashNotice } from './ClashNotice';
import { EditControls } from './EditControls';
import { HistoryLink } from './HistoryLink';
import { documentLabel } from '../live-words';
import { PresenceNotice } from './PresenceNotice';
import { otherSaveWords } from '../other-save-words';
import { statusOf } from './StatusBadge';

/** "Español: 3 texts to translate, 1 to update (in English only until then)". */
function pendingWords({ name, missing, outdated, published }: PendingLanguage): string {
  const parts = [missing ? `${missing} ${missing === 1 ? 'text' : 'texts'} to translate` : '', outdated ? `${outdated} to update` : ''];
  return `${name}: ${parts.filter(Boolean).join(', ')}${published ? '' : ' (the page is in English only until then)'}`;
}

/** Links to translate the document into each language that has something pending. */
function PendingLinks({ file, pending }: { file: string; pending: PendingLanguage[] }) {
  return (
    <>
      {pending.map((language) => (
        <Text size="sm" key={language.code} data-pending={language.code}>
          {pendingWords(language)}{' '}
          <Anchor component={Link} to={`/translate/${language.code}/${file}`} underline="always">
            Translate into {language.name}
          </Anchor>
        </Text>
      ))}
    </>
  );
}

/** Above a translator's English form: why it is read only, and the way to its translation in each of their languages. */
function ReadOnlyNote({ file, languages }: { file: string; languages: { code: string; name: string }[] }) {
  return (
    <Alert color="blue" mt="xs" title={translatorWords.readOnlyTitle} data-read-only-note>
      <Text size="sm">
        {translatorWords.readOnly(languages.map((language) => language.name).join(', '))}{' '}
        {languages.map((language, index) => (
          <span key={language.code}>
            {index > 0 && ' · '}
            <Anchor component={Link} to={`/translate/${language.code}/${file}`} underline="always">
              {translatorWords.translateInto(language.name)}
            </Anchor>
          </span>
        ))}
      </Text>
    </Alert>
  );
}

/** What the Save button's tooltip says, and Ctrl+S when it cannot save. */
function saveHint(session: EditorSession): string {
  if (session.conflict) return otherSaveWords(session.conflict.by, session.payload.kind, session.payload.display).waiting;
  if (session.errors) return 'Fix the errors first';
  if (!session.dirty) return 'No changes to save';
  if (!session.checked) return 'Checking the draft with the whole site…';
  return 'Show the changes, then save (Ctrl+S)';
}

export function Toolbar({
  session,
  notes,
  vocabulary,
}: {
  session: EditorSession;
  notes?: string[];
  /** The site's words: its sections' names, and the languages a document's text is translated into. */
  vocabulary: SiteVocabulary;
}) {
  // Only the languages this person translates into (all of them for anyone but a translator given some).
  const languages = vocabulary.languages.filter((language) => workspace.translates(language.code));
  const [saving, setSaving] = useState(false);
  /** The last save's message, and the document it saved: a later edit takes the message away. */
  const [saved, setSaved] = useState<{ message: string; doc: unknown; pending: PendingLanguage[] }>();
  const [notesShown, setNotesShown] = useState(true);
  const [keyHint, setKeyHint] = useState<string>();
  const { payload } = session;
  const warnings = session.problems.filter((problem) => problem.severity === 'warning').length;
  const status = statusOf(session.errors, warnings, !session.checked);
  const hint = workspace.structureLocked ? translatorWords.saveLocked : saveHint(session);
  const canSave = session.canSave && !workspace.structureLocked;
  // Ctrl+S (Cmd+S) saves as the button does, and never opens the browser's "save page". An effect event: it reads
  // canSave as the button shows it; a listener made again in an effect saw the last render's until the effect ran
  // (after paint), so a press just as Save became enabled was taken as one with nothing to save (a CI failure).
  const onSaveKey = useEffectEvent((event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
    event.preventDefault();
    if (canSave) setSaving(true);
    else setKeyHint(hint);
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => onSaveKey(event);
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  const savedShown = saved && saved.doc === session.doc ? saved : undefined;
  const heading = documentHeading(payload, session.doc);
  return (
    <div className={classes.toolbar}>
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <div style={{ minWidth: 0 }}>
            <Title order={1} size="h4" lineClamp={1}>
              {heading}
            </Title>
            <Text size="xs" c="gray.8">
              <HistoryLink file={payload.display} name={heading} />
              {payload.route && (
                <>
                  {workspace.changeSet && ' · '}
                  <Anchor href={payload.route} target="_blank" rel="noopener" size="xs" underline="always">
                    {payload.route}
                  </Anchor>
                </>
              )}
              {payload.template && `${workspace.changeSet || payload.route ? ' · ' : ''}${payload.template.name} template`}
              {languages.length > 0 && ' · Translate into: '}
              {languages.map((language, index) => (
                <span key={language.code}>
                  {index > 0 && ', '}
                  <Anchor component={Link} to={`/translate/${language.code}/${payload.file}`} size="xs" underline="always">
                    {language.name}
                  </Anchor>
                </span>
              ))}
            </Text>
          </div>
        </Group>
        <EditControls
          session={session}
          status={status}
          saveLabel="Save…"
          canSave={canSave}
          saveHint={hint}
          onSave={() => setSaving(true)}
        />
      </Group>
      <PresenceNotice document={documentLabel(payload)} onSaved={session.colleagueSaved} onMoved={session.changeSetMoved} />
      {workspace.structureLocked && <ReadOnlyNote file={payload.file} languages={languages} />}
      <ClashNotice />
      {session.pending.length > 0 && session.dirty && (
        <Text size="sm" mt={4} data-pending-after-save>
          Once saved, still to translate: {session.pending.map(pendingWords).join(' · ')}
        </Text>
      )}
      {keyHint && (
        <Alert color="gray" mt="xs" role="status" withCloseButton onClose={() => setKeyHint(undefined)} closeButtonLabel="Dismiss">
          Not saved: {keyHint.toLowerCase()}.
        </Alert>
      )}
      {session.serverError && (
        <Alert color="red" mt="xs" title="The dev server did not answer">
          {session.serverError}
        </Alert>
      )}
      {session.renderError && (
        <Alert color="red" mt="xs" title="The page does not render">
          {session.renderError}
        </Alert>
      )}
      {/* Always there, so a notice that appears in it (a save, a colleague's save loaded) is announced, politely. */}
      <div role="status" data-notice-region>
        {(savedShown || session.notice) && (
          <Alert
            color="green"
            mt="xs"
            role="note"
            data-notice={savedShown ? 'saved' : 'other-save'}
            withCloseButton
            onClose={() => (savedShown ? setSaved(undefined) : session.dismissNotice())}
            closeButtonLabel="Dismiss"
          >
            <Text size="sm">{savedShown?.message ?? session.notice}</Text>
            {savedShown && savedShown.pending.length > 0 && (
              <>
                <Text size="sm" mt={4}>
                  Now to translate:
                </Text>
                <PendingLinks file={payload.file} pending={savedShown.pending} />
              </>
            )}
          </Alert>
        )}
      </div>
      {notes && notes.length > 0 && notesShown && (
        <Alert color="blue" mt="xs" title="New page created" role="status">
          <Group justify="space-between" align="start" wrap="nowrap">
            <div>
              <Text size="sm">Replace every TODO text; the page can be saved meanwhile, but not published.</Text>
              {notes.map((note) => (
                <Text size="sm" key={note}>
                  {note}
                </Text>
              ))}
            </div>
            <CloseButton aria-label="Dismiss" onClick={() => setNotesShown(false)} />
          </Group>
        </Alert>
      )}
      <SaveDialog
        session={session}
        vocabulary={vocabulary}
        opened={saving}
        onClose={() => setSaving(false)}
        onSaved={(message, doc, pending) => setSaved({ message, doc, pending })}
      />
    </div>
  );
}
