/**
 * The live stream (`GET /api/live`, server-sent events) over HTTP against a real editor: two people see each other
 * arrive in a change set (with the document each has open, by name, never an email) and leave; a browser whose network
 * is gone (it never comes back after its stream ends) disappears after the heartbeat's grace, while one that comes
 * back stays; notices reach the author (approved, changes requested, scheduled, published, a clash) and the reviewers
 * (asked to review), nobody else; sign-out and a session's end close the stream; and the refusals: no session (401),
 * another site (403), no such change set (404), too many streams (429). A short heartbeat (EDITOR_LIVE_HEARTBEAT_SECONDS)
 * keeps it quick; every wait is on an event, never a fixed time.
 */
import { request, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHEAP_PASSWORDS } from '../../test-support/cheap-passwords';
import { editorClient, PEOPLE, smallSite, startEditorHost, type EditorHost, type EditorSession } from '../../test-support/editor-host';

let host: EditorHost;
let call: ReturnType<typeof editorClient>['call'];
let signIn: ReturnType<typeof editorClient>['signIn'];
const sessions: Record<string, EditorSession> = {};
const BO = { name: 'Person 1', email: 'person1@reachwell.example' };
/** A translator into Spanish only. */
const SOFIA = { name: 'Sofía Castro', email: 'sofia@reachwell.example', role: 'translator', languages: 'es' } as const;
/** Generous: a machine four times slower still answers well within it. */
const WAIT_MS = 120_000;

interface LiveEvent {
  event: string;
  data: Record<string, unknown>;
}

/**
 * A browser's EventSource, as far as the test needs: opens the stream, parses its events into `events`, and (unless
 * `reconnect: false`, a browser whose network went) opens it again each time the server ends it; `'when-told'`: once
 * the test calls `reconnect()`, as a browser waits its retry time.
 */
function openLive(
  session: EditorSession | undefined,
  query: Record<string, string> = {},
  options: { reconnect?: boolean | 'when-told'; headers?: Record<string, string> } = {},
) {
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  let opened = 0;
  let ended = 0;
  /** Each answer's status, in order (a stream opened again may be refused). */
  const statuses: number[] = [];
  let reconnect = () => {};
  let current: IncomingMessage | undefined;
  let closed = false;
  /** The last event id seen, named on reconnecting as EventSource does. */
  let lastEventId: string | undefined;
  const first = new Promise<{ status: number; body: string }>((resolveFirst) => {
    const connect = () => {
      const url = new URL('/api/live', host.editor.url);
      for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
      const req = request(
        url,
        {
          headers: {
            accept: 'text/event-stream',
            ...(session ? { cookie: session.cookie } : {}),
            ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
            ...options.headers,
          },
        },
        (response) => {
          current = response;
          statuses.push(response.statusCode ?? 0);
          for (const wake of waiters) wake();
          response.setEncoding('utf8');
          if (response.statusCode !== 200) {
            let body = '';
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () => resolveFirst({ status: response.statusCode ?? 0, body }));
            return;
          }
          opened++;
          resolveFirst({ status: 200, body: '' });
          let buffer = '';
          response.on('data', (chunk: string) => {
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const event = /^event: (.*)$/m.exec(block)?.[1];
              const data = /^data: (.*)$/m.exec(block)?.[1];
              lastEventId = /^id: (.*)$/m.exec(block)?.[1] ?? lastEventId;
              if (event && data) events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
            }
            for (const wake of waiters) wake();
          });
          response.on('end', () => {
            ended++;
            for (const wake of waiters) wake();
            if (closed || options.reconnect === false) return;
            if (options.reconnect === 'when-told') reconnect = connect;
            else connect();
          });
        },
      );
      req.on('error', () => undefined);
      req.end();
    };
    connect();
  });
  /** Resolves with the first event (from `from` on) that `match` accepts. */
  const waitFor = (match: (event: LiveEvent) => boolean, from = 0): Promise<LiveEvent> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no such event within ${WAIT_MS} ms; got ${JSON.stringify(events)}`)), WAIT_MS);
      const look = () => {
        const found = events.slice(from).find(match);
        if (!found) return;
        clearTimeout(timer);
        waiters.delete(look);
        resolve(found);
      };
      waiters.add(look);
      look();
    });
  return {
    first,
    events,
    waitFor,
    opened: () => opened,
    ended: () => ended,
    statuses,
    /** Opens it again now, naming the last event it had (`reconnect: 'when-told'`). */
    reconnect: () => reconnect(),
    /** The tab closed: the connection goes. */
    close: () => {
      closed = true;
      current?.destroy();
    },
    /** Its network gone: nothing is closed, nothing comes back. */
    goSilent: () => {
      closed = true;
    },
  };
}

const presenceOf = (event: LiveEvent) => event.data.people as { name: string; document?: string }[];
const isPresence = (id: string, test: (people: { name: string; document?: string }[]) => boolean) => (event: LiveEvent) =>
  event.event === 'presence' && event.data.changeSet === id && test(presenceOf(event));
const isNotice = (kind: string, id: string) => (event: LiveEvent) =>
  event.event === 'notice' && event.data.kind === kind && (event.data.changeSet as { id: string }).id === id;

const ok = async (answer: Promise<{ status: number; json: Record<string, unknown> }>, status = 200) => {
  const { status: got, json } = await answer;
  expect(got, JSON.stringify(json)).toBe(status);
  return json;
};

async function newChangeSet(session: EditorSession, title: string): Promise<string> {
  return (await ok(call('POST', '/api/changes', { session, body: { title } }), 201)).id as string;
}

async function saveHeading(session: EditorSession, id: string, file: string, heading: string) {
  const editBase = `/changes/${id}/edit/api`;
  const opened = await call('GET', `${editBase}/document?file=${encodeURIComponent(file)}`, { session });
  const doc = JSON.parse(opened.json.text as string) as { blocks: { heading: string }[] };
  doc.blocks[0].heading = heading;
  const saved = await call('POST', `${editBase}/save`, { session, body: { file, doc, baseHash: opened.json.hash } });
  expect(saved.json.outcome, JSON.stringify(saved.json)).toBe('saved');
}

/** A state of the test's own streams, checked every few milliseconds. */
async function until(state: () => boolean) {
  const deadline = Date.now() + WAIT_MS;
  while (!state() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(state()).toBe(true);
}

/** Every stream the server has is gone (no stream kept once its connection ended). */
async function noStreamsLeft() {
  const until = Date.now() + WAIT_MS;
  while (host.editor.liveStreams() > 0 && Date.now() < until) await new Promise((resolve) => setImmediate(resolve));
  expect(host.editor.liveStreams()).toBe(0);
}

beforeAll(async () => {
  host = await startEditorHost('editor-live', {
    extraPeople: 1,
    accounts: [SOFIA],
    // 3 s, not 1: the grace to come back is two heartbeats, and a reconnect on a machine at load 30 can take over 2 s.
    env: { EDITOR_LIVE_HEARTBEAT_SECONDS: '3', EDITOR_LIVE_STREAMS_PER_PERSON: '3' },
    // The small site in the real languages, with the real pages the tests save: every save and publish validates it.
    content: smallSite({ also: ['terms.json', 'privacy-policy.json', 'careers.json'], languages: true }),
    passwordCost: CHEAP_PASSWORDS,
  });
  ({ call, signIn } = editorClient(host.editor.url));
  sessions.ana = await signIn(PEOPLE.editor.email);
  sessions.bo = await signIn(BO.email);
  sessions.rita = await signIn(PEOPLE.reviewer.email);
  sessions.tomas = await signIn(PEOPLE.translator.email);
  sessions.sofia = await signIn(SOFIA.email);
}, 180_000);

afterAll(async () => {
  await host?.stop();
});

describe('presence', () => {
  test('two people see each other arrive with their document, by name only, and leave', async () => {
    const id = await newChangeSet(sessions.ana, 'Pricing words');
    const other = await newChangeSet(sessions.bo, 'Something else');
    const ana = openLive(sessions.ana, { changeSet: id, document: '/pricing' });
    expect((await ana.first).status).toBe(200);
    // Tomás is on another change set: he hears nothing of who is in this one.
    const tomas = openLive(sessions.tomas, { changeSet: other });
    const rita = openLive(sessions.rita, { changeSet: id });
    await rita.waitFor(isPresence(id, (people) => people.some((p) => p.name === PEOPLE.editor.name && p.document === '/pricing')));
    await ana.waitFor(isPresence(id, (people) => people.some((p) => p.name === PEOPLE.reviewer.name && p.document === undefined)));
    const said = JSON.stringify([...ana.events, ...rita.events, ...tomas.events]);
    for (const person of Object.values(PEOPLE)) expect(said).not.toContain(person.email);
    // Ana closes her tab: Rita sees her go.
    const from = rita.events.length;
    ana.close();
    await rita.waitFor(
      isPresence(id, (people) => people.length === 0),
      from,
    );
    rita.close();
    tomas.close();
    expect(tomas.events.filter((event) => event.event === 'presence' && event.data.changeSet === id)).toEqual([]);
    await noStreamsLeft();
  });

  test('a browser that comes back after each heartbeat stays; one whose network went is gone after the grace', async () => {
    const id = await newChangeSet(sessions.ana, 'Careers words');
    const ana = openLive(sessions.ana, { changeSet: id, document: '/careers' });
    const bo = openLive(sessions.bo, { changeSet: id, document: '/about' });
    const rita = openLive(sessions.rita, { changeSet: id });
    const both = (people: { name: string }[]) => people.length === 2;
    await rita.waitFor(isPresence(id, both));
    // Bo's network goes: his stream ends at its time and nothing comes back. Ana's browser opens hers again each time.
    bo.goSilent();
    const from = rita.events.length;
    const seen = await rita.waitFor(
      isPresence(id, (people) => people.length === 1),
      from,
    );
    expect(presenceOf(seen)).toEqual([{ name: PEOPLE.editor.name, document: '/careers' }]);
    // Ana's stream is renewed (her browser opens it again when it ends), and she was never shown gone meanwhile.
    const until = Date.now() + WAIT_MS;
    while (ana.opened() < 2 && Date.now() < until) await new Promise((resolve) => setImmediate(resolve));
    expect(ana.opened()).toBeGreaterThan(1);
    // From when both were shown (before that, Rita's stream may have opened before Ana's and shown Bo alone).
    expect(rita.events.slice(from).filter(isPresence(id, (people) => !people.some((p) => p.name === PEOPLE.editor.name)))).toEqual([]);
    ana.close();
    rita.close();
    await noStreamsLeft();
  });
});

describe('notices', () => {
  test('the author hears of the review and the publish, the reviewers of a review asked for, nobody else', async () => {
    const id = await newChangeSet(sessions.ana, 'Terms wording');
    await saveHeading(sessions.ana, id, 'terms.json', 'Terms, plainly');
    const ana = openLive(sessions.ana);
    const rita = openLive(sessions.rita);
    const tomas = openLive(sessions.tomas);
    await Promise.all([ana.first, rita.first, tomas.first]);

    await ok(call('POST', `/api/changes/${id}/submit`, { session: sessions.ana }));
    const asked = await rita.waitFor(isNotice('review-requested', id));
    expect(asked.data).toMatchObject({ by: PEOPLE.editor.name, changeSet: { id, title: 'Terms wording' } });

    await ok(call('POST', `/api/changes/${id}/request-changes`, { session: sessions.rita, body: { comment: 'Plainer, please.' } }));
    expect((await ana.waitFor(isNotice('changes-requested', id))).data.by).toBe(PEOPLE.reviewer.name);
    await ok(call('POST', `/api/changes/${id}/submit`, { session: sessions.ana }));

    await ok(call('POST', `/api/changes/${id}/approve`, { session: sessions.rita }));
    expect((await ana.waitFor(isNotice('approved', id))).data.by).toBe(PEOPLE.reviewer.name);
    // Every list hears that it moved.
    await tomas.waitFor((event) => event.event === 'changed' && event.data.id === id);

    const at = new Date(Date.now() + 3_600_000).toISOString();
    await ok(call('POST', `/api/changes/${id}/publish-at`, { session: sessions.rita, body: { at } }));
    expect((await ana.waitFor(isNotice('scheduled', id))).data).toMatchObject({ at, by: PEOPLE.reviewer.name });
    await ok(call('DELETE', `/api/changes/${id}/publish-at`, { session: sessions.rita }));

    await ok(call('POST', `/api/changes/${id}/publish`, { session: sessions.rita }));
    expect((await ana.waitFor(isNotice('published', id))).data.by).toBe(PEOPLE.reviewer.name);

    // Tomás neither wrote it nor reviews: no notice. Rita is not told of what she did herself.
    expect(tomas.events.filter((event) => event.event === 'notice')).toEqual([]);
    expect(rita.events.filter((event) => event.event === 'notice' && event.data.kind !== 'review-requested')).toEqual([]);
    expect(JSON.stringify([...ana.events, ...rita.events])).not.toContain(PEOPLE.reviewer.email);
    for (const live of [ana, rita, tomas]) live.close();
    await noStreamsLeft();
  }, 120_000);

  test('a colleague’s publish that collides with a change set tells its author', async () => {
    const first = await newChangeSet(sessions.ana, 'Privacy heading, Ana');
    const second = await newChangeSet(sessions.bo, 'Privacy heading, Bo');
    await saveHeading(sessions.ana, first, 'privacy-policy.json', 'Privacy, plainly');
    await saveHeading(sessions.bo, second, 'privacy-policy.json', 'Privacy, simply');
    const bo = openLive(sessions.bo);
    await bo.first;
    await ok(call('POST', `/api/changes/${first}/submit`, { session: sessions.ana }));
    await ok(call('POST', `/api/changes/${first}/approve`, { session: sessions.rita }));
    await ok(call('POST', `/api/changes/${first}/publish`, { session: sessions.rita }));
    const clash = await bo.waitFor(isNotice('clash', second));
    expect(clash.data.with).toEqual({ id: first, title: 'Privacy heading, Ana' });
    bo.close();
    await noStreamsLeft();
  }, 120_000);

  test('each step of an undo is told as a move of the change set it undoes, so its open pages ask again at once', async () => {
    const original = await newChangeSet(sessions.ana, 'Careers words to undo');
    await saveHeading(sessions.ana, original, 'careers.json', 'Careers, plainly');
    await ok(call('POST', `/api/changes/${original}/submit`, { session: sessions.ana }));
    await ok(call('POST', `/api/changes/${original}/approve`, { session: sessions.rita }));
    await ok(call('POST', `/api/changes/${original}/publish`, { session: sessions.rita }));
    // Tomás only reads along: every stream hears of every move.
    const tomas = openLive(sessions.tomas, { changeSet: original });
    await tomas.first;
    const movedOriginal = (from: number) => movedAfter(tomas, original, from);

    let from = tomas.events.length;
    const made = await ok(call('POST', `/api/changes/${original}/undo`, { session: sessions.ana }), 201);
    const undo = (made.changeSet as { id: string }).id;
    await movedOriginal(from);
    for (const [step, session] of [
      ['submit', sessions.ana],
      ['approve', sessions.rita],
    ] as const) {
      from = tomas.events.length;
      await ok(call('POST', `/api/changes/${undo}/${step}`, { session }));
      await movedOriginal(from);
    }
    from = tomas.events.length;
    await ok(call('POST', `/api/changes/${undo}/publish`, { session: sessions.rita }));
    await movedOriginal(from);
    // Asked again then, the original's page says where it was undone.
    const detail = await ok(call('GET', `/api/changes/${original}`, { session: sessions.tomas }));
    expect(detail.undoneIn).toMatchObject({ id: undo, status: 'published' });
    tomas.close();
    await noStreamsLeft();
  }, 600_000);
});

/** Saves the first text of story.json's translation into `locale` as `session`. */
async function saveTranslation(session: EditorSession, id: string, locale: string, text: string) {
  const editBase = `/changes/${id}/edit/api`;
  const opened = await call('GET', `${editBase}/translation?file=story.json&locale=${locale}`, { session });
  const first = (opened.json.texts as { key: string; text: string }[]).find((entry) => entry.text)!;
  const saved = await call('POST', `${editBase}/translation-save`, {
    session,
    body: { file: 'story.json', locale, texts: { [first.key]: text }, baseHash: opened.json.hash },
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
}

const isSaved = (file: string) => (event: LiveEvent) => event.event === 'saved' && event.data.file === file;
/** The move a save makes is told after its save: once a stream has it, the save's event would have come before. */
const movedAfter = async (live: ReturnType<typeof openLive>, id: string, from: number) =>
  live.waitFor((event) => event.event === 'changed' && event.data.id === id, from);

describe('colleagues’ saves', () => {
  test('reach the others in the change set who may change that document, with its hash and who saved, nobody else', async () => {
    const id = await newChangeSet(sessions.ana, 'Terms and story');
    const other = await newChangeSet(sessions.ana, 'Another one');
    const bo = openLive(sessions.bo, { changeSet: id, document: '/terms' });
    const ana = openLive(sessions.ana, { changeSet: id, document: '/terms' });
    const sofia = openLive(sessions.sofia, { changeSet: id, document: 'the story translation' });
    const tomas = openLive(sessions.tomas, { changeSet: id });
    const rita = openLive(sessions.rita, { changeSet: other });
    const everyone = [bo, ana, sofia, tomas, rita];
    await Promise.all(everyone.map((live) => live.first));

    // Ana saves an English page: Bo hears who saved which document, and the hash the editor now answers for it.
    let from = everyone.map((live) => live.events.length);
    await saveHeading(sessions.ana, id, 'terms.json', 'Terms, in short');
    const saved = await bo.waitFor(isSaved('terms.json'));
    const now = await call('GET', `/changes/${id}/edit/api/document?file=terms.json`, { session: sessions.bo });
    expect(saved.data).toEqual({ changeSet: id, file: 'terms.json', hash: now.json.hash, by: PEOPLE.editor.name });
    // Nobody else: not Ana herself, not a translator (Sofía, Spanish only; Tomás, every language), not another change set.
    await Promise.all(everyone.map((live, index) => movedAfter(live, id, from[index])));
    for (const live of [ana, sofia, tomas, rita]) expect(live.events.filter((event) => event.event === 'saved')).toEqual([]);

    // A Spanish translation: Sofía (and Tomás, and Bo) hear of it; the German one reaches Tomás and Bo, not Sofía.
    from = everyone.map((live) => live.events.length);
    await saveTranslation(sessions.ana, id, 'es', 'Las personas primero');
    const spanish = '_translations/es/story.json';
    expect((await sofia.waitFor(isSaved(spanish), from[2])).data).toMatchObject({ changeSet: id, by: PEOPLE.editor.name });
    await tomas.waitFor(isSaved(spanish), from[3]);
    await bo.waitFor(isSaved(spanish), from[0]);
    from = everyone.map((live) => live.events.length);
    await saveTranslation(sessions.ana, id, 'de', 'Menschen zuerst');
    await tomas.waitFor(isSaved('_translations/de/story.json'), from[3]);
    await movedAfter(sofia, id, from[2]);
    expect(sofia.events.slice(from[2]).filter((event) => event.event === 'saved')).toEqual([]);

    // Nothing a stream says of a save names an email, or carries the document.
    const said = JSON.stringify(everyone.flatMap((live) => live.events));
    for (const person of [...Object.values(PEOPLE), SOFIA]) expect(said).not.toContain(person.email);
    expect(said).not.toContain('Terms, in short');
    for (const live of everyone) live.close();
    await noStreamsLeft();
  }, 120_000);
});

describe('who may open it', () => {
  test('refused without a session, from another site, for no such change set, and past the cap', async () => {
    expect((await openLive(undefined).first).status).toBe(401);
    const fromElsewhere = await openLive(sessions.ana, {}, { headers: { origin: 'https://evil.example' } }).first;
    expect(fromElsewhere.status).toBe(403);
    expect(fromElsewhere.body).toContain('another site');
    expect((await openLive(sessions.ana, {}, { headers: { 'sec-fetch-site': 'cross-site' } }).first).status).toBe(403);
    expect((await openLive(sessions.ana, { changeSet: 'no-such-change-set-0000' }).first).status).toBe(404);
    expect((await openLive(sessions.ana, { document: 'x'.repeat(500) }).first).status).toBe(400);

    // Three streams a person (EDITOR_LIVE_STREAMS_PER_PERSON=3): the fourth is refused, in words.
    const three = [openLive(sessions.bo), openLive(sessions.bo), openLive(sessions.bo)];
    for (const live of three) expect((await live.first).status).toBe(200);
    const fourth = await openLive(sessions.bo, {}, { reconnect: false }).first;
    expect(fourth.status).toBe(429);
    expect(fourth.body).toContain('tabs or windows');
    for (const live of three) live.close();
    await noStreamsLeft();
  });

  test('a tab refused a stream polls instead: what its stream would have said, only what is meant for it, and when to go live', async () => {
    const id = await newChangeSet(sessions.ana, 'Polled words');
    const poll = (session: EditorSession | undefined, query: Record<string, string>, origin?: string) =>
      call('GET', `/api/live/poll?${new URLSearchParams(query).toString()}`, { session, ...(origin ? { origin } : {}) });
    // The checks of the stream, but the cap.
    expect((await poll(undefined, { changeSet: id })).status).toBe(401);
    const elsewhere = await poll(sessions.bo, { changeSet: id }, 'https://evil.example');
    expect(elsewhere.status).toBe(403);
    expect((await poll(sessions.bo, { changeSet: 'no-such-change-set-0000' })).status).toBe(404);

    // Bo has his three streams (EDITOR_LIVE_STREAMS_PER_PERSON=3): a fourth tab would be refused, so it polls.
    const three = [openLive(sessions.bo, { changeSet: id, document: '/terms' }), openLive(sessions.bo), openLive(sessions.bo)];
    for (const live of three) expect((await live.first).status).toBe(200);
    const sofia = openLive(sessions.sofia, { changeSet: id });
    await three[0].waitFor(isPresence(id, (people) => people.some((p) => p.name === SOFIA.name)));
    const start = await ok(poll(sessions.bo, { changeSet: id }));
    expect(start).toMatchObject({ events: [], missed: false, live: false, people: [{ name: SOFIA.name }] });
    const sofiaStart = await ok(poll(sessions.sofia, { changeSet: id }));

    // Ana saves an English page: Bo's next poll has the save (and the move), as his stream would; Sofía's has the move only.
    const from = three[0].events.length;
    await saveHeading(sessions.ana, id, 'terms.json', 'Terms, polled');
    await movedAfter(three[0], id, from);
    const next = await ok(poll(sessions.bo, { changeSet: id, since: start.last as string }));
    expect(next.events).toEqual([
      { event: 'saved', data: { changeSet: id, file: 'terms.json', hash: expect.any(String) as string, by: PEOPLE.editor.name } },
      { event: 'changed', data: { id } },
    ]);
    expect(next.missed).toBe(false);
    const sofiaNext = await ok(poll(sessions.sofia, { changeSet: id, since: sofiaStart.last as string }));
    expect(sofiaNext.events).toEqual([{ event: 'changed', data: { id } }]);
    // Asked again from there: nothing new. From another run of the server (a restart): it says events were missed.
    expect((await ok(poll(sessions.bo, { changeSet: id, since: next.last as string }))).events).toEqual([]);
    expect((await ok(poll(sessions.bo, { changeSet: id, since: 'an-old-run.7' }))).missed).toBe(true);

    // One of his tabs closes: the poll says a stream would be taken now.
    three[2].close();
    await expect.poll(async () => (await ok(poll(sessions.bo, { changeSet: id }))).live, { timeout: WAIT_MS }).toBe(true);
    for (const live of [...three, sofia]) live.close();
    await noStreamsLeft();
  });

  test('a browser opening its stream again keeps its place: a tab polling meanwhile is not told to go live instead', async () => {
    const poll = async () => (await ok(call('GET', '/api/live/poll', { session: sessions.bo }))).live;
    // Bo has his three streams (EDITOR_LIVE_STREAMS_PER_PERSON=3); the first one's browser waits before opening it again.
    const waiting = openLive(sessions.bo, {}, { reconnect: 'when-told' });
    const others = [openLive(sessions.bo), openLive(sessions.bo)];
    for (const live of [waiting, ...others]) expect((await live.first).status).toBe(200);
    expect(await poll()).toBe(false);
    // Its stream ends at its time (three heartbeats of 3 s). Until its browser is back, the place is still its.
    await until(() => waiting.ended() > 0);
    expect(await poll()).toBe(false);
    waiting.reconnect();
    await until(() => waiting.statuses.length > 1);
    expect(waiting.statuses).toEqual([200, 200]);
    expect(await poll()).toBe(false);
    // A browser that does not come back holds the place only for the grace (two heartbeats): then a fourth tab may have it.
    await until(() => waiting.ended() > 1);
    expect(await poll()).toBe(false);
    await expect.poll(poll, { timeout: WAIT_MS }).toBe(true);
    for (const live of [waiting, ...others]) live.close();
    await noStreamsLeft();
  });

  test('signing out ends the stream, and it does not open again; nor after the session ended', async () => {
    const session = await signIn(PEOPLE.admin.email);
    const live = openLive(session, {}, { reconnect: false });
    await live.first;
    await ok(call('DELETE', '/api/session', { session }), 204);
    await live.waitFor((event) => event.event === 'signed-out');
    expect((await openLive(session, {}, { reconnect: false }).first).status).toBe(401);

    const later = await signIn(PEOPLE.admin.email);
    const open = openLive(later);
    await open.first;
    // A week and a day later: the session has ended; the heartbeat says so and ends its stream, which is refused again.
    host.advance(8 * 24 * 60 * 60_000);
    await open.waitFor((event) => event.event === 'signed-out');
    expect((await openLive(later, {}, { reconnect: false }).first).status).toBe(401);
    host.advance(-8 * 24 * 60 * 60_000);
    await noStreamsLeft();
  });
});
