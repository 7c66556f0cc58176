/**
 * Translating a page (or a collection, a template, the site configuration) into one language, beside its English:
 * every text with its English, marked missing, out of date (with the English it was made from, and the English now)
 * or translated; the translator writes, or confirms that a translation still fits a changed English; the page in that
 * language renders from the draft as they type. The structure stays the English document's: nothing is added,
 * removed or moved here. In the hosted editor a colleague's save of the translation comes live, as in the page editor:
 * loaded at once, or merged with the texts written here, with the same note and the same choice (DiskChange.tsx); a
 * save of the English too: its texts, states and rows as the server now has them, with what was written here kept.
 */
import { Alert, Anchor, Badge, Button, Group, Loader, Modal, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { memo, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { Link, useBlocker, useParams } from 'react-router-dom';
import type { Problem } from '../../../engine/model/problems';
import type { TranslationPayload } from '../../protocol';
import { useTranslation, useVocabulary } from '../api';
import { Preview } from '../preview/Preview';
import { useTranslationSession, type TextView, type TranslationSession } from '../state/translation-session';
import classes from './editor.module.css';
import { EditorColumns, usePane } from './EditorColumns';
import { editorPath } from './editor-path';
import { selectionOf } from '../state/page-model/selection';
import { EditControls } from './EditControls';
import { HistoryLink } from './HistoryLink';
import { workspace } from '../workspace';
import { fileInWords } from '../document-words';
import { translationWords as words, translatorWords } from '../translator-words';
import { describe } from '../../shared/change-words';
import type { MergeConflict, TheirChange } from '../../shared/three-way-merge';
import { otherSaveWords } from '../other-save-words';
import { MergeChoice, MergedNote, type MergeWording } from './DiskChange';
import { PresenceNotice } from './PresenceNotice';

type Filter = 'all' | 'missing' | 'outdated';

export function TranslationRoute() {
  const { locale = '', '*': file = '' } = useParams();
  const translation = useTranslation(file, locale);
  const vocabulary = useVocabulary();
  if (translation.isError)
    return (
      <main className={classes.listMain}>
        <Alert color="red" title={words.cannotTranslate(fileInWords(file))}>
          {translation.error.message}
        </Alert>
      </main>
    );
  if (!translation.data || !vocabulary.data)
    return (
      <main className={classes.listMain}>
        <Loader role="status" aria-label={words.opening(fileInWords(file))} />
      </main>
    );
  // Only the languages this person translates into: another one is not offered (the server refuses its save).
  const languages = vocabulary.data.languages.filter((language) => workspace.translates(language.code));
  if (!workspace.translates(locale)) return <NotYourLanguage payload={translation.data} languages={languages} />;
  return <TranslationEditor key={`${locale}:${file}`} payload={translation.data} languages={languages} />;
}

/** A translation into a language that is not the person's: not editable here, with the way to theirs. */
function NotYourLanguage({ payload, languages }: { payload: TranslationPayload; languages: { code: string; name: string }[] }) {
  return (
    <main className={classes.listMain} aria-label={words.main(payload.title, payload.locale.name)}>
      <Title order={1} size="h3" mb="sm">
        {words.previewTitle(payload.title, payload.locale.name)}
      </Title>
      <Alert color="blue" title={translatorWords.notYours(payload.locale.name)}>
        <Text size="sm">
          {translatorWords.notYoursText(payload.locale.name, languages.map((language) => language.name).join(', '))}{' '}
          {languages.map((language, index) => (
            <span key={language.code}>
              {index > 0 && ' · '}
              <Anchor component={Link} to={`/translate/${language.code}/${payload.file}`} underline="always">
                {translatorWords.translateInto(language.name)}
              </Anchor>
            </span>
          ))}
        </Text>
      </Alert>
    </main>
  );
}

const STATE_WORDS: Record<TextView['state'], { text: string; color: string }> = {
  missing: { text: 'To translate', color: 'red.9' },
  // The badge reads in dark text (orange 9 on white is 3.9:1); its border keeps the colour.
  outdated: { text: 'English changed', color: 'orange.9' },
  translated: { text: 'Translated', color: 'gray.8' },
  removed: { text: 'Removed', color: 'red.9' },
};

function TranslationEditor({
  payload,
  languages,
}: {
  payload: Parameters<typeof useTranslationSession>[0];
  languages: { code: string; name: string }[];
}) {
  const session = useTranslationSession(payload);
  const [filter, setFilter] = useState<Filter>('all');
  const [focused, setFocused] = useState<string>();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => session.dirty && currentLocation.pathname !== nextLocation.pathname);
  useTranslationKeys(session);
  useEffect(() => {
    if (!session.dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [session.dirty]);
  const counts = {
    all: session.texts.length,
    missing: session.texts.filter((text) => text.state === 'missing').length,
    outdated: session.texts.filter((text) => text.state === 'outdated').length,
  };
  const shown = session.texts.filter((text) => filter === 'all' || text.state === filter);
  const { locale } = payload;
  const isPage = !payload.file.startsWith('_');
  const [pane, setPane] = usePane();
  return (
    <main className={classes.editorMain} aria-label={words.main(payload.title, locale.name)}>
      <TranslationToolbar session={session} counts={counts} languages={languages} />
      <MergedNote disk={session.disk} wording={translationWording(session)} />
      <EditorColumns pane={pane} onPane={setPane}>
        <section className={classes.column} aria-label="Texts">
          <Stack gap="sm">
            <SegmentedControl
              size="xs"
              value={filter}
              onChange={(next) => setFilter(next as Filter)}
              aria-label="Show"
              data={[
                { value: 'all', label: `All (${counts.all})` },
                { value: 'missing', label: `To translate (${counts.missing})` },
                { value: 'outdated', label: `English changed (${counts.outdated})` },
              ]}
            />
            {shown.length === 0 && <Text size="sm">Nothing here: every text of this kind is done.</Text>}
            {shown.map((text) => (
              <TextCard
                key={text.key}
                text={text}
                language={locale.name}
                problems={session.problems.filter((problem) => problem.where === text.key)}
                write={session.write}
                confirm={session.confirm}
                drop={session.drop}
                onFocus={setFocused}
              />
            ))}
          </Stack>
        </section>
        <section className={classes.previewColumn} aria-label="Preview">
          {isPage ? (
            <Preview
              file={payload.file}
              query={`&locale=${encodeURIComponent(locale.code)}`}
              title={words.previewTitle(payload.title, locale.name)}
              previews={session.previews}
              selected={focused === undefined ? undefined : selectionOf(focused)}
              onSelect={() => undefined}
            />
          ) : (
            <Text p="md" size="sm">
              {words.notAPage(payload.title, locale.name)}
            </Text>
          )}
        </section>
      </EditorColumns>
      <LeaveTranslationDialog blocker={blocker} session={session} />
      <MergeChoice disk={session.disk} wording={translationWording(session)} />
    </main>
  );
}

/** A merge of a colleague's save names each text by its English. */
function translationWording(session: TranslationSession): MergeWording {
  const { payload, texts } = session;
  const textAt = (path: readonly (string | number)[] | undefined) => {
    const key = String(path?.[0] ?? '');
    const text = texts.find((candidate) => candidate.key === key);
    return `${payload.locale.name} of ${text ? describe(text.source) : key}`;
  };
  const where = (conflict: MergeConflict) => textAt(conflict.minePath ?? conflict.theirsPath ?? conflict.basePath);
  const change = (theirs: TheirChange) => {
    const at = textAt(theirs.path);
    if (theirs.kind === 'changed') return `${at}: ${describe(theirs.before)} → ${describe(theirs.after)}`;
    return theirs.kind === 'removed' ? `${at}: removed` : `${at}: ${describe(theirs.after)}`;
  };
  return { words: (by) => otherSaveWords(by, 'translation', payload.translationFile), field: where, change, loadsUnreadable: false };
}

/** Ctrl+Z and Ctrl+Shift+Z undo and redo the translator's texts; Ctrl+S saves. */
function useTranslationKeys(session: TranslationSession) {
  const { undo, redo, canSave, save } = session;
  // An effect event: it reads the session as the screen shows it, not as the last effect saw it (see Toolbar.tsx).
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) undo();
    else if ((key === 'z' && event.shiftKey) || key === 'y') redo();
    else if (key === 's') {
      if (canSave) void save();
    } else return;
    event.preventDefault();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  }, []);
}

function TranslationToolbar({
  session,
  counts,
  languages,
}: {
  session: TranslationSession;
  counts: { all: number; missing: number; outdated: number };
  languages: { code: string; name: string }[];
}) {
  const { payload } = session;
  const [saved, setSaved] = useState<string>();
  const [refused, setRefused] = useState<string>();
  const left = counts.missing + counts.outdated;
  const status = session.errors
    ? { tone: 'error' as const, text: `${session.errors} ${session.errors === 1 ? 'error' : 'errors'}` }
    : left
      ? {
          tone: 'warning' as const,
          text: [counts.missing && `${counts.missing} to translate`, counts.outdated && `${counts.outdated} to update`]
            .filter(Boolean)
            .join(', '),
        }
      : { tone: 'valid' as const, text: 'Translated' };
  const onSave = async () => {
    setRefused(undefined);
    const response = await session.save();
    if (response.outcome === 'saved') setSaved(words.saved(payload.title, payload.locale.name, response.mergedWithDisk));
    else setRefused(response.message);
  };
  return (
    <div className={classes.toolbar}>
      <Group justify="space-between" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h4" lineClamp={1}>
            {payload.locale.name}: {payload.title}
          </Title>
          <Text size="xs" c="gray.8">
            {workspace.changeSet && (
              <>
                <HistoryLink file={payload.translationFile} name={words.historyName(payload.title, payload.locale.name)} />
                {' · '}
              </>
            )}
            <Anchor component={Link} to={editorPath({ file: payload.file })} size="xs" underline="always">
              The English, and its sections
            </Anchor>
            {languages
              .filter((language) => language.code !== payload.locale.code)
              .map((language) => (
                <span key={language.code}>
                  {' · '}
                  <Anchor component={Link} to={`/translate/${language.code}/${payload.file}`} size="xs" underline="always">
                    {language.name}
                  </Anchor>
                </span>
              ))}
          </Text>
        </div>
        <EditControls
          session={session}
          status={status}
          saveLabel="Save"
          canSave={session.canSave}
          saveHint={
            session.disk.pending
              ? otherSaveWords(session.disk.pending.by, 'translation', payload.translationFile).waiting
              : session.canSave
                ? 'Save the translations (Ctrl+S)'
                : session.errors
                  ? 'Fix the errors first'
                  : 'No changes to save'
          }
          onSave={() => void onSave()}
        />
      </Group>
      <PresenceNotice
        document={`${payload.locale.name}: ${payload.title}`}
        onSaved={session.colleagueSaved}
        onMoved={session.changeSetMoved}
      />
      {session.serverError && (
        <Alert color="red" mt="xs" title="The editor's server did not answer">
          {session.serverError}
        </Alert>
      )}
      {session.renderError && (
        <Alert color="red" mt="xs" title="The page does not render">
          {session.renderError}
        </Alert>
      )}
      {refused && (
        <Alert color="red" mt="xs" title="Not saved" withCloseButton onClose={() => setRefused(undefined)} closeButtonLabel="Dismiss">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {refused}
          </Text>
        </Alert>
      )}
      {saved && !session.dirty && (
        <Alert color="green" mt="xs" role="status" withCloseButton onClose={() => setSaved(undefined)} closeButtonLabel="Dismiss">
          {saved}
        </Alert>
      )}
      {/* Always there, so a colleague's save loaded is announced, politely. */}
      <div role="status" data-notice-region>
        {session.notice && (
          <Alert
            color="green"
            mt="xs"
            role="note"
            data-notice="other-save"
            withCloseButton
            onClose={session.dismissNotice}
            closeButtonLabel="Dismiss"
          >
            <Text size="sm">{session.notice}</Text>
          </Alert>
        )}
      </div>
    </div>
  );
}

/** One text: its English (the English it was translated from, when that changed), the translation, and its state. */
const TextCard = memo(function TextCard({
  text,
  language,
  problems,
  write,
  confirm,
  drop,
  onFocus,
}: {
  text: TextView;
  language: string;
  problems: Problem[];
  write: (key: string, value: string) => void;
  confirm: (text: TextView) => void;
  drop: (key: string) => void;
  onFocus: (pointer: string) => void;
}) {
  const state = STATE_WORDS[text.state];
  const over = text.max !== undefined && text.draft.length > text.max;
  const error = useMemo(
    () => problems.map((problem) => `${problem.message}${problem.hint ? ` (${problem.hint})` : ''}`).join(' '),
    [problems],
  );
  return (
    <article className={classes.translationCard} data-key={text.key} data-state={text.state} aria-label={text.where}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" fw={600} c="gray.8" truncate>
          {text.where}
        </Text>
        <Badge size="sm" variant="outline" color={state.color} c="dark.8" tt="none">
          {state.text}
        </Badge>
      </Group>
      {text.writtenFor !== undefined && (
        <Text size="sm" mt={4} data-written-for>
          <Text span fw={600}>
            {words.writtenFor}
          </Text>
          <Text span lang="en" td="line-through">
            {text.writtenFor}
          </Text>
        </Text>
      )}
      {text.state === 'outdated' && text.writtenFor === undefined && text.was !== undefined && (
        <Text size="sm" mt={4}>
          <Text span fw={600}>
            English when translated:{' '}
          </Text>
          <Text span lang="en" td="line-through">
            {text.was}
          </Text>
        </Text>
      )}
      <Text size="sm" mt={4} lang="en">
        <Text span fw={600}>
          {text.state === 'outdated' ? 'English now: ' : text.state === 'removed' ? 'English, removed: ' : 'English: '}
        </Text>
        <Text span td={text.state === 'removed' ? 'line-through' : undefined}>
          {text.source}
        </Text>
      </Text>
      {text.state === 'removed' && (
        <Text size="sm" mt={4} fw={600} data-removed>
          {words.removed}
        </Text>
      )}
      <Textarea
        mt={6}
        label={`${language} translation`}
        value={text.draft}
        onChange={(event) => write(text.key, event.currentTarget.value)}
        onFocus={() => onFocus(text.pointer)}
        autosize
        minRows={1}
        maxRows={8}
        error={error || (over ? `${text.draft.length} characters: at most ${text.max}` : undefined)}
        description={text.max !== undefined ? `${text.draft.length} / ${text.max} characters` : undefined}
      />
      {text.state === 'outdated' && (!text.touched || text.writtenFor !== undefined) && (
        <Button mt={6} size="compact-sm" variant="light" onClick={() => confirm(text)}>
          Still right for the English now: confirm
        </Button>
      )}
      {text.state === 'removed' && (
        <Button mt={6} size="compact-sm" variant="outline" color="red.9" onClick={() => drop(text.key)}>
          {words.drop}
        </Button>
      )}
    </article>
  );
});

function LeaveTranslationDialog({ blocker, session }: { blocker: ReturnType<typeof useBlocker>; session: TranslationSession }) {
  return (
    <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title="Leave without saving the translations?">
      <Stack>
        <Text size="sm">{words.leave(session.payload.title)}</Text>
        <Group justify="end">
          {/* The safe choice has the focus: Enter, pressed at once, keeps what was typed. */}
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            Stay
          </Button>
          {session.canSave && (
            <Button
              onClick={() =>
                void session.save().then((response) => (response.outcome === 'saved' ? blocker.proceed?.() : blocker.reset?.()))
              }
            >
              Save and leave
            </Button>
          )}
          <Button color="red.9" variant="outline" onClick={() => blocker.proceed?.()}>
            Leave and discard my changes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
