/**
 * One change set, for its author and its reviewer: the warnings of its documents, what it changes (texts word by word),
 * every page it changes before and after at a desktop's and a phone's width (ReviewPages),
 * the saves it is made of, comments, and the actions the person may take now: edit, submit, take back from review,
 * ask for changes (with a comment), approve, publish, undo a published one (through review, UndoAsChangeSet; at once for
 * an admin, UndoPublish), close, reopen, delete a closed one, share a preview link; and its links to an undo of it or
 * to the change set it undoes (UndoLinks). A field
 * the published site changed too is shown as soon as it did, with a choice per field (ConflictChoices); what Publish
 * refuses (such a field, a document that would break the site) is listed in words.
 */
import { Alert, Anchor, Badge, Button, CopyButton, Group, List, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useContext, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { HOSTED, historyPath, type ChangeSetDetail, type PublishAnswer } from '../../hosted-protocol';
import { PublishAtControl } from './PublishAtControl';
import { hubApi, hubQueryClient, SLOW_POLL_MS } from './hub-api';
import { LivePresence } from './live-presence';
import { PresenceLine } from '../views/PresenceLine';
import { ConflictChoices } from './ConflictChoices';
import { ProblemsAlert } from './ProblemsAlert';
import { ReviewPages } from './ReviewPages';
import { ReviewWarnings } from './ReviewWarnings';
import { WordDiff } from './WordDiff';
import { DeliverySteps, SiteServedState } from './SiteServed';
import { UndoAsChangeSet } from './UndoAsChangeSet';
import { UndoLinks } from './UndoLinks';
import { UndoPublish } from './UndoPublish';
import { statusInWords } from './words-undo';
import { whenInWords } from './words';
import { mayChange } from '../../shared/document-permission';

function PublishOutcome({
  id,
  answer,
  shownClashes,
  onSettled,
}: {
  id: string;
  answer: PublishAnswer;
  /** Whether the page shows the change set's clashes already. */
  shownClashes: boolean;
  onSettled: (detail: ChangeSetDetail) => void;
}) {
  switch (answer.outcome) {
    case 'published':
      return (
        <>
          <Alert color="green" title="Published" role="status">
            {answer.summary}
          </Alert>
          <DeliverySteps push={answer.push} serve={answer.serve} />
        </>
      );
    case 'conflicts':
      // The clashes are on the page already (its detail names them); a publish that met others shows them here.
      return shownClashes ? (
        <Alert color="red" title="Not published: this change set collides with the published site" role="alert">
          Bring it up to date below, choosing a version for each field; then it is approved and published again.
        </Alert>
      ) : (
        <ConflictChoices id={id} clashes={answer.conflicts} canSettle onSettled={onSettled} />
      );
    case 'invalid':
      return <ProblemsAlert title="Not published: the site would not be valid" problems={answer.problems} />;
    case 'refused':
      return (
        <Alert color="red" title="Not published" role="alert">
          {answer.message}
        </Alert>
      );
  }
}

function Comments({ changeSet }: { changeSet: ChangeSetDetail }) {
  const [body, setBody] = useState('');
  const comment = useMutation({
    mutationFn: () => hubApi.comment(changeSet.id, body.trim()),
    onSuccess: (detail) => {
      hubQueryClient.setQueryData(['change-set', changeSet.id], detail);
      setBody('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (body.trim()) comment.mutate();
  };
  return (
    <section aria-labelledby="comments-title">
      <Title order={2} size="h4" id="comments-title" mb="xs">
        Comments
      </Title>
      {changeSet.comments.length === 0 && <Text size="sm">No comments yet.</Text>}
      <Stack gap="xs">
        {changeSet.comments.map((entry, index) => (
          <div key={index} data-comment>
            <Text size="sm" fw={600}>
              {entry.author.name}, {whenInWords(entry.date)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {entry.body}
            </Text>
          </div>
        ))}
      </Stack>
      {changeSet.actions.comment && (
        <form onSubmit={submit}>
          <Textarea label="Add a comment" value={body} onChange={(e) => setBody(e.currentTarget.value)} autosize minRows={2} mt="sm" />
          {comment.isError && <Alert color="red">{comment.error.message}</Alert>}
          <Button type="submit" mt="xs" variant="default" disabled={!body.trim()} loading={comment.isPending}>
            Comment
          </Button>
        </form>
      )}
    </section>
  );
}

/** A reviewer sends the change set back to its author, saying what to change (the comment is required). */
function RequestChanges({ id, onDone }: { id: string; onDone: (detail: ChangeSetDetail) => void }) {
  const [comment, setComment] = useState('');
  const send = useMutation({ mutationFn: () => hubApi.requestChanges(id, comment.trim()), onSuccess: onDone });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (comment.trim()) send.mutate();
  };
  return (
    <form onSubmit={submit} aria-label="Ask for changes">
      <Textarea
        label="What should change?"
        description="The change set goes back to its author with this comment."
        value={comment}
        onChange={(e) => setComment(e.currentTarget.value)}
        autosize
        minRows={2}
        required
      />
      {send.isError && <Alert color="red">{send.error.message}</Alert>}
      <Button type="submit" mt="xs" variant="default" disabled={!comment.trim()} loading={send.isPending}>
        Send back to the author
      </Button>
    </form>
  );
}

const DOCUMENT_STATUS: Record<ChangeSetDetail['documents'][number]['status'], string> = {
  added: 'New',
  modified: 'Changed',
  removed: 'Removed',
};

/** The changes of a document its word diffs do not show already (a section added, moved or removed). */
const otherChanges = ({ changes, texts = [] }: ChangeSetDetail['documents'][number]) =>
  changes.filter((change) => !texts.some((text) => change.startsWith(`${text.where}: `)));

/**
 * One page per change set: a link from one change set to another (an undo and the one it undoes) starts afresh, not
 * with the other's outcomes (a publish's answer, an open form) still shown.
 */
export function ChangeSetView() {
  const { id = '' } = useParams();
  return <ChangeSetPage key={id} id={id} />;
}

function ChangeSetPage({ id }: { id: string }) {
  // The live stream refreshes it when it moves (HubLiveUpdates); the slow poll is for a stream that cannot connect.
  const query = useQuery({ queryKey: ['change-set', id], queryFn: () => hubApi.changeSet(id), refetchInterval: SLOW_POLL_MS });
  const people = useContext(LivePresence);
  const session = useQuery({ queryKey: ['session'], queryFn: hubApi.session });
  const update = (detail: ChangeSetDetail) => hubQueryClient.setQueryData(['change-set', id], detail);
  const submit = useMutation({ mutationFn: () => hubApi.submit(id), onSuccess: update });
  const approve = useMutation({ mutationFn: () => hubApi.approve(id), onSuccess: update });
  const withdraw = useMutation({ mutationFn: () => hubApi.withdraw(id), onSuccess: update });
  const close = useMutation({ mutationFn: () => hubApi.close(id), onSuccess: update });
  const reopen = useMutation({ mutationFn: () => hubApi.reopen(id), onSuccess: update });
  const remove = useMutation({ mutationFn: () => hubApi.remove(id), onSuccess: () => window.location.assign('/') });
  const [asking, setAsking] = useState(false);
  const publish = useMutation({
    mutationFn: () => hubApi.publish(id),
    onSuccess: (answer) => {
      if (answer.outcome === 'conflicts') void hubQueryClient.invalidateQueries({ queryKey: ['change-set', id] });
      if (answer.outcome !== 'published') return;
      void hubQueryClient.invalidateQueries({ queryKey: ['change-set', id] });
      void hubQueryClient.invalidateQueries({ queryKey: ['site'] });
    },
  });
  const link = useMutation({ mutationFn: () => hubApi.previewLink(id) });
  // Asked again after each save (or publish): the pages and warnings are those of its latest version.
  const review = useQuery({
    queryKey: ['review', id, query.data?.commits, query.data?.updatedAt],
    queryFn: () => hubApi.review(id),
    enabled: query.data !== undefined,
  });
  if (query.isError)
    return (
      <Alert color="red" m="md">
        {query.error.message}
      </Alert>
    );
  const changeSet = query.data;
  if (!changeSet) return null;
  const { actions } = changeSet;
  // Shown from the moment the published site moved in a way that collides: to its author, and to the reviewer before Publish.
  const clashes = changeSet.status === 'published' ? [] : changeSet.clashes;
  // The server answers with a path: the link to share is whole.
  const shareUrl = link.data && new URL(link.data.url, window.location.origin).href;
  const failed =
    [submit, approve, withdraw, close, reopen, remove].find((mutation) => mutation.isError)?.error?.message ?? publish.error?.message;
  return (
    <Stack p="md" maw={1400}>
      <Group justify="space-between" align="start">
        <div>
          <Title order={1} size="h2">
            {changeSet.title}
          </Title>
          <Group gap="xs" mt={4}>
            <Badge variant="outline" color="dark" tt="none" data-status={changeSet.status}>
              {statusInWords(changeSet)}
            </Badge>
            <Text size="sm">
              by {changeSet.owner.name}, last change {whenInWords(changeSet.updatedAt)}
            </Text>
          </Group>
          <UndoLinks changeSet={changeSet} />
          <PresenceLine people={people} />
        </div>
        <Group gap="xs">
          {actions.edit && (
            <Button component="a" href={HOSTED.editBase(id)}>
              Edit
            </Button>
          )}
          {actions.submit && (
            <Button variant="default" onClick={() => submit.mutate()} loading={submit.isPending}>
              Submit for review
            </Button>
          )}
          {actions.approve && (
            <Button variant="default" onClick={() => approve.mutate()} loading={approve.isPending}>
              Approve
            </Button>
          )}
          {actions.requestChanges && (
            <Button variant="default" onClick={() => setAsking(!asking)} aria-expanded={asking}>
              Ask for changes
            </Button>
          )}
          {actions.publish && (
            <Button color="teal.9" onClick={() => publish.mutate()} loading={publish.isPending}>
              Publish
            </Button>
          )}
          {actions.withdraw && (
            <Button variant="default" onClick={() => withdraw.mutate()} loading={withdraw.isPending}>
              Take back from review
            </Button>
          )}
          {actions.close && (
            <Button variant="default" onClick={() => close.mutate()} loading={close.isPending}>
              Close without publishing
            </Button>
          )}
          {actions.reopen && (
            <Button variant="default" onClick={() => reopen.mutate()} loading={reopen.isPending}>
              Reopen
            </Button>
          )}
          {actions.remove && (
            <Button variant="default" onClick={() => remove.mutate()} loading={remove.isPending}>
              Delete for good
            </Button>
          )}
          <Button variant="subtle" onClick={() => link.mutate()} loading={link.isPending}>
            Share a preview link
          </Button>
        </Group>
      </Group>
      {failed && <Alert color="red">{failed}</Alert>}
      {review.data && <ReviewWarnings warnings={review.data.warnings} />}
      {asking && actions.requestChanges && (
        <RequestChanges
          id={id}
          onDone={(detail) => {
            update(detail);
            setAsking(false);
          }}
        />
      )}
      {changeSet.status === 'changes-requested' && (
        <Alert color="blue" title="Changes requested" role="status">
          A reviewer sent this change set back: see their comment below. Edit it, then submit it again.
        </Alert>
      )}
      {changeSet.status === 'closed' && (
        <Text size="sm">This change set is closed: nothing in it is published, and its saves are kept. Reopen it to go on.</Text>
      )}
      {changeSet.status !== 'published' && <PublishAtControl changeSet={changeSet} onChange={update} />}
      {publish.data && (
        <PublishOutcome
          id={id}
          answer={publish.data}
          shownClashes={clashes.length > 0}
          onSettled={(detail) => {
            update(detail);
            publish.reset();
          }}
        />
      )}
      {!publish.data && changeSet.status === 'published' && <SiteServedState />}
      {changeSet.status === 'published' && <UndoAsChangeSet changeSet={changeSet} />}
      {changeSet.status === 'published' && <UndoPublish changeSet={changeSet} />}
      {shareUrl && link.data && (
        <Alert color="blue" title="Preview link" role="status">
          <Group gap="xs">
            <Anchor href={shareUrl} target="_blank" rel="noopener" size="sm" style={{ wordBreak: 'break-all' }}>
              {shareUrl}
            </Anchor>
            <CopyButton value={shareUrl}>
              {({ copied, copy }) => (
                <Button size="xs" variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm">Anyone with it can see this change set's pages, read only, until {whenInWords(link.data.expiresAt)}.</Text>
        </Alert>
      )}
      {clashes.length > 0 && (
        <ConflictChoices
          id={id}
          clashes={clashes}
          // Only someone who may change every document that clashes (role and language) is offered the choices.
          canSettle={actions.edit && Boolean(session.data) && clashes.every((clash) => mayChange(session.data!, clash.file))}
          onSettled={(detail) => {
            update(detail);
            publish.reset();
          }}
        />
      )}
      {changeSet.behindPublished && clashes.length === 0 && (
        <Text size="sm">The published site changed since this change set began; Publish merges those changes in, field by field.</Text>
      )}
      {changeSet.approvals.length > 0 && (
        <Text size="sm">
          Approved by {changeSet.approvals.map((approval) => `${approval.by.name} (${whenInWords(approval.date)})`).join(', ')}.
        </Text>
      )}
      <section aria-labelledby="documents-title">
        <Title order={2} size="h4" id="documents-title" mb="xs">
          What changes
        </Title>
        {changeSet.documents.length === 0 && <Text size="sm">Nothing yet: open the editor to make a change.</Text>}
        <Stack gap="lg">
          {changeSet.documents.map((document) => (
            <article key={document.file} aria-label={document.title} data-document={document.file}>
              <Group gap="xs">
                <Title order={3} size="h5">
                  {document.title}
                </Title>
                <Text size="sm" c="gray.7">
                  {DOCUMENT_STATUS[document.status]}
                </Text>
                <Anchor component={Link} to={historyPath(document.file, id, document.title)} size="sm">
                  History
                </Anchor>
              </Group>
              <Stack gap="xs" mt={4}>
                {document.texts?.map((text, index) => (
                  <WordDiff key={index} change={text} />
                ))}
              </Stack>
              <List size="sm" mt={4}>
                {otherChanges(document).map((change) => (
                  <List.Item key={change}>{change}</List.Item>
                ))}
              </List>
            </article>
          ))}
        </Stack>
      </section>
      {review.isPending && <Text size="sm">Working out every page this change set changes…</Text>}
      {review.isError && <Alert color="red">{review.error.message}</Alert>}
      {review.data && <ReviewPages changeSet={id} pages={review.data.pages} />}
      <section aria-labelledby="saves-title">
        <Title order={2} size="h4" id="saves-title" mb="xs">
          Saves
        </Title>
        <List size="sm">
          {changeSet.commitsList.map((commit) => (
            <List.Item key={commit.sha}>
              {commit.message} — {commit.author.name}, {whenInWords(commit.date)}
            </List.Item>
          ))}
        </List>
      </section>
      <Comments changeSet={changeSet} />
    </Stack>
  );
}
