// @vitest-environment jsdom
/**
 * The editors' requests about a draft (src/editor/app/state/draft-loop.ts): one at a time, the latest draft winning,
 * and a request asked for while one is on its way sent once after it, not lost (the rest of the content changed
 * meanwhile: the answer on its way may be from before). The server is a function the test answers when it chooses.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { useDraftLoop } from '../../src/editor/app/state/draft-loop';

let root: Root;
let container: HTMLElement;
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
  root = createRoot(container);
});
afterEach(() => act(() => root.unmount()));

/** A server whose every answer the test gives: what it was sent, in order, and the answer still owed. */
function heldServer() {
  const sent: string[] = [];
  const owed: (() => void)[] = [];
  const send = (draft: string) => {
    sent.push(draft);
    return new Promise<void>((resolve) => owed.push(resolve));
  };
  const answer = () => act(async () => owed.shift()?.());
  return { sent, send, answer, owed };
}

function mount(draft: string, send: (draft: string) => Promise<unknown>) {
  const loop: { resend?: () => void } = {};
  const Probe = ({ value }: { value: string }) => {
    loop.resend = useDraftLoop(value, send).resend;
    return null;
  };
  act(() => root.render(<Probe value={draft} />));
  return {
    type: (value: string) => act(() => root.render(<Probe value={value} />)),
    resend: () => act(() => loop.resend?.()),
  };
}

it('sends one draft at a time, then only the latest of those typed meanwhile', async () => {
  const server = heldServer();
  const editor = mount('a', server.send);
  editor.type('ab');
  editor.type('abc');
  expect(server.sent).toEqual(['a']);
  await server.answer();
  expect(server.sent).toEqual(['a', 'abc']);
  await server.answer();
  expect(server.sent).toEqual(['a', 'abc']);
});

it('asked again while a request is on its way, sends the same draft once more after it; asked many times, once', async () => {
  const server = heldServer();
  const editor = mount('a', server.send);
  editor.resend();
  editor.resend();
  expect(server.sent).toEqual(['a']);
  await server.answer();
  expect(server.sent).toEqual(['a', 'a']);
  await server.answer();
  expect(server.sent).toEqual(['a', 'a']);
  expect(server.owed).toHaveLength(0);
});

it('asked again with nothing on its way, sends at once; a failed request does not stop the next', async () => {
  const sent: string[] = [];
  const editor = mount('a', (draft) => {
    sent.push(draft);
    return Promise.reject(new Error('the server is away'));
  });
  await act(async () => undefined);
  editor.resend();
  await act(async () => undefined);
  expect(sent).toEqual(['a', 'a']);
});
