/**
 * Two renderings of one page, before and after, read side by side: both scrolled to the first section that differs
 * (marked), and kept in step as either scrolls, section by section (the same section at the top of both, however
 * their heights differ). The frames are the hub's own pages (same origin), so it reads their documents.
 */

/** A page's sections, as the site renders them: the children of its main element. */
const sectionsOf = (doc: Document): HTMLElement[] => [...doc.querySelectorAll<HTMLElement>('#main > *')];

/** What a reader sees of a section: its words, and its images by their text and file (their addresses differ by side). */
const seen = (section: HTMLElement) =>
  [
    (section.textContent ?? '').replace(/\s+/g, ' ').trim(),
    ...[...section.querySelectorAll('img')].map((image) => `${image.alt}:${(image.getAttribute('src') ?? '').replace(/^.*\//, '')}`),
  ].join('\n');

const topOf = (section: HTMLElement) => section.getBoundingClientRect().top + (section.ownerDocument.defaultView?.scrollY ?? 0);

/** The mark on the changed section (outline, so nothing of the page moves). */
const MARK = 'outline: 4px solid #c2410c; outline-offset: -4px;';

/** Scrolls both to the first section that differs and marks it; whether there was one. */
export function showFirstChange(before: Window, after: Window): boolean {
  const [was, is] = [sectionsOf(before.document), sectionsOf(after.document)];
  const index = is.findIndex((section, at) => !was[at] || seen(was[at]) !== seen(section));
  if (index < 0) return false;
  for (const [view, sections] of [
    [before, was],
    [after, is],
  ] as const) {
    const section = sections[Math.min(index, sections.length - 1)];
    if (!section) continue;
    section.setAttribute('data-review-changed', '');
    section.style.cssText += MARK;
    view.scrollTo({ top: Math.max(0, topOf(section) - 16), behavior: 'instant' });
  }
  return true;
}

/** Keeps the two in step as either scrolls; returns what stops it. */
export function keepInStep(one: Window, other: Window): () => void {
  // Where a frame was just scrolled to by the other: its own scroll event then is not a reader's.
  const placed = new Map<Window, number>();
  const follow = (from: Window, to: Window) => () => {
    const expected = placed.get(from);
    placed.delete(from);
    if (expected !== undefined && Math.abs(from.scrollY - expected) < 2) return;
    const [mine, theirs] = [sectionsOf(from.document), sectionsOf(to.document)];
    const index = mine.findLastIndex((section) => topOf(section) <= from.scrollY + 1);
    const top = index >= 0 && theirs[index] ? topOf(theirs[index]) + (from.scrollY - topOf(mine[index])) : from.scrollY;
    const bottom = to.document.documentElement.scrollHeight - to.innerHeight;
    const target = Math.round(Math.max(0, Math.min(top, bottom)));
    if (Math.abs(to.scrollY - target) < 2) return;
    placed.set(to, target);
    to.scrollTo({ top: target, behavior: 'instant' });
  };
  const [fromOne, fromOther] = [follow(one, other), follow(other, one)];
  one.addEventListener('scroll', fromOne, { passive: true });
  other.addEventListener('scroll', fromOther, { passive: true });
  return () => {
    one.removeEventListener('scroll', fromOne);
    other.removeEventListener('scroll', fromOther);
  };
}
