/**
 * The editor's endpoints are safe by construction: a document named by the browser is resolved inside
 * the content folder or refused (traversal, absolute paths, other files, symbolic links out), writes
 * are atomic, and only a browser on this machine, on the dev server's own page, with the editor's
 * header, is answered.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { hashText, readContentFile, resolveContentFile, UnsafePathError, writeContentFile } from '../../src/editor/server/content-files';
import { EDITOR_HEADER } from '../../src/editor/protocol';
import { refusal, type GuardedRequest } from '../../src/editor/server/request-guard';

let root: string;
let content: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'editor-safety-'));
  content = join(root, 'pages-json');
  mkdirSync(join(content, 'use-cases'), { recursive: true });
  writeFileSync(join(content, 'terms.json'), '{ "a": 1 }\n');
  writeFileSync(join(root, 'secret.json'), '{}');
});

describe('resolving a document named by the browser', () => {
  it('finds documents of the content folder, also ones not written yet', () => {
    expect(resolveContentFile(content, 'terms.json')).toBe(join(content, 'terms.json'));
    expect(resolveContentFile(content, 'use-cases/new-page.json')).toBe(join(content, 'use-cases', 'new-page.json'));
    expect(resolveContentFile(content, 'channels/fax.json')).toBe(join(content, 'channels', 'fax.json'));
  });

  it.each([
    ['../secret.json'],
    ['use-cases/../../secret.json'],
    ['/etc/passwd'],
    ['/tmp/secret.json'],
    ['..\\secret.json'],
    ['terms.json\0.txt'],
    ['./terms.json'],
    ['terms.js'],
    ['terms'],
    ['.env'],
    ['use-cases//x.json'],
    [''],
    [42],
    [undefined],
  ])('refuses %j', (file) => {
    expect(() => resolveContentFile(content, file)).toThrow(UnsafePathError);
  });

  it('refuses a symbolic link out of the folder, to a file or through a folder', () => {
    symlinkSync(join(root, 'secret.json'), join(content, 'linked.json'));
    symlinkSync(root, join(content, 'outside'));
    expect(() => resolveContentFile(content, 'linked.json')).toThrow(/outside the content folder/);
    expect(() => resolveContentFile(content, 'outside/secret.json')).toThrow(/outside the content folder/);
    expect(() => writeContentFile(content, 'outside/new.json', '{}')).toThrow(UnsafePathError);
    expect(readdirSync(root).sort()).toEqual(['pages-json', 'secret.json']);
  });
});

describe('writing a document', () => {
  it('replaces the file whole, through a temporary file in its folder that it leaves no trace of', () => {
    const hash = writeContentFile(content, 'terms.json', '{ "a": 2 }\n');
    expect(readFileSync(join(content, 'terms.json'), 'utf8')).toBe('{ "a": 2 }\n');
    expect(hash).toBe(hashText('{ "a": 2 }\n'));
    expect(readContentFile(content, 'terms.json').hash).toBe(hash);
    expect(readdirSync(content).sort()).toEqual(['terms.json', 'use-cases']);
  });

  it('creates the folder of a new page inside the content folder', () => {
    writeContentFile(content, 'channels/fax.json', '{}\n');
    expect(readFileSync(join(content, 'channels', 'fax.json'), 'utf8')).toBe('{}\n');
  });
});

describe('who the endpoints answer', () => {
  const request = (overrides: Partial<GuardedRequest> & { headers?: Record<string, string> } = {}): GuardedRequest => ({
    method: 'POST',
    remoteAddress: '127.0.0.1',
    ...overrides,
    headers: { host: '127.0.0.1:5173', origin: 'http://127.0.0.1:5173', [EDITOR_HEADER]: '1', ...overrides.headers },
  });
  const api = { api: true };

  it("answers the editor's own requests from this machine", () => {
    expect(refusal(request(), api)).toBeUndefined();
    expect(
      refusal(request({ remoteAddress: '::1', headers: { host: 'localhost:5173', origin: 'http://localhost:5173' } }), api),
    ).toBeUndefined();
    expect(refusal(request({ method: 'GET', headers: { origin: undefined as never } }), api)).toBeUndefined();
  });

  it('refuses another machine, even one that names a loopback host', () => {
    expect(refusal(request({ remoteAddress: '192.168.1.20' }), api)).toMatch(/loopback address/);
    expect(refusal(request({ remoteAddress: undefined }), api)).toMatch(/loopback address/);
  });

  it('refuses another host name (a DNS-rebinding page) and another origin', () => {
    expect(refusal(request({ headers: { host: 'evil.example:5173', origin: 'http://evil.example:5173' } }), api)).toMatch(/host name/);
    expect(refusal(request({ headers: { origin: 'https://evil.example' } }), api)).toMatch(/refused/);
    expect(refusal(request({ headers: { origin: 'null' } }), api)).toMatch(/refused/);
    expect(refusal(request({ method: 'GET', headers: { origin: 'https://evil.example' } }), { api: false })).toMatch(/refused/);
  });

  it("refuses a change without an Origin or without the editor's header (a plain form post, a fetch without CORS)", () => {
    expect(refusal(request({ headers: { origin: undefined as never } }), api)).toMatch(/no Origin/);
    expect(refusal(request({ headers: { [EDITOR_HEADER]: undefined as never } }), api)).toMatch(new RegExp(EDITOR_HEADER));
    expect(refusal(request({ method: 'GET', headers: { [EDITOR_HEADER]: undefined as never } }), api)).toMatch(new RegExp(EDITOR_HEADER));
  });
});
