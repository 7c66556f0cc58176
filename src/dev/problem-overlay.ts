/**
 * The dev server's content-problem panel, written for a marketer: each problem as `npm run validate`
 * prints it (file, block and field, message, hint), no stack trace, over the last good page. It
 * lives in a shadow root so the site's styles and the page swaps leave it alone.
 */
import type { Problem } from '../engine/model/problems';

const HOST_ID = 'reachwell-content-problems-panel';

const STYLE = `
  :host { all: initial; }
  section { position: fixed; inset: auto 16px 16px 16px; z-index: 2147483647; max-height: min(70vh, 640px); overflow: auto;
    background: #fff; color: #1a1b1e; border: 2px solid #c92a2a; border-radius: 12px; box-shadow: 0 12px 40px rgb(0 0 0 / 25%);
    font: 15px/1.5 system-ui, sans-serif; padding: 16px 20px; }
  h2 { margin: 0 0 4px; font-size: 18px; color: #a51111; }
  section.todo { border-color: #e8590c; }
  section.todo h2 { color: #9c3a07; }
  p { margin: 0 0 12px; }
  ol { margin: 0; padding-left: 20px; }
  li { margin-bottom: 12px; }
  .file { font-weight: 700; }
  .where { font-family: ui-monospace, monospace; background: #f1f3f5; padding: 0 4px; border-radius: 4px; }
  .hint { color: #495057; }
  button { position: absolute; top: 12px; right: 12px; font: inherit; padding: 4px 12px; border-radius: 8px; border: 1px solid #868e96; background: #fff; cursor: pointer; }
  button:focus-visible { outline: 3px solid #1c7ed6; outline-offset: 2px; }
`;

function problemItem(problem: Problem): HTMLLIElement {
  const item = document.createElement('li');
  const file = Object.assign(document.createElement('span'), { className: 'file', textContent: problem.file });
  item.append(file);
  if (problem.where) item.append(': ', Object.assign(document.createElement('span'), { className: 'where', textContent: problem.where }));
  item.append(document.createElement('br'), problem.message);
  if (problem.hint) {
    const hint = Object.assign(document.createElement('div'), { className: 'hint', textContent: `Hint: ${problem.hint}` });
    item.append(hint);
  }
  return item;
}

/**
 * Errors over the last good page (an alert), or, when the page renders, the TODO text it still has: a calmer note,
 * since the page previews, but the build will refuse it until each is written.
 */
export function showProblems(problems: Problem[], overLastGoodPage: boolean) {
  document.getElementById(HOST_ID)?.remove();
  const errors = problems.filter((problem) => problem.severity === 'error');
  const host = Object.assign(document.createElement('div'), { id: HOST_ID });
  const root = host.attachShadow({ mode: 'open' });
  const panel = document.createElement('section');
  panel.setAttribute('role', errors.length ? 'alert' : 'status');
  panel.setAttribute('aria-labelledby', 'title');
  if (!errors.length) panel.className = 'todo';
  const count = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);
  const title = Object.assign(document.createElement('h2'), {
    id: 'title',
    textContent: errors.length
      ? `${count(errors.length, 'A content problem', 'content problems')} to fix`
      : `${count(problems.length, 'One thing', 'things')} to write before this page can be published`,
  });
  const note = Object.assign(document.createElement('p'), {
    textContent: !errors.length
      ? 'The page below shows what is written so far; `npm run build` refuses it until each is done.'
      : overLastGoodPage
        ? 'The page below is the last version without errors. Fix the file and save: this page updates by itself.'
        : 'Fix the file and save: the page appears by itself.',
  });
  const list = document.createElement('ol');
  list.append(...[...errors, ...problems.filter((problem) => problem.severity !== 'error')].map(problemItem));
  const hide = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Hide' });
  hide.addEventListener('click', () => host.remove());
  panel.append(title, note, list, hide);
  root.append(Object.assign(document.createElement('style'), { textContent: STYLE }), panel);
  document.documentElement.append(host);
}

export function hideProblems() {
  document.getElementById(HOST_ID)?.remove();
}
