/**
 * How a marketer names a place in a document, from its path: "Hero › Subheading", "FAQ › Item 3 › Question",
 * "“Growth” › Price › Amount", "Page settings › Title". The editor's browser app (a merge's questions, what a
 * colleague changed) and its server (search hits) word places alike; plain functions of the document.
 */

type Path = readonly (string | number)[];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `timeToValue` -> "Time to value", `ctaUrl` -> "Cta URL". */
export function labelOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase()
    .replace(/\burl\b/g, 'URL')
    .replace(/\bid\b/g, 'ID');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `cards` -> "card", `entries` -> "entry": what one item of a list is called. */
export function singular(key: string): string {
  const label = labelOf(key).toLowerCase();
  if (/ies$/.test(label)) return label.replace(/ies$/, 'y');
  if (/(ss|sh|ch|x)es$/.test(label)) return label.replace(/es$/, '');
  if (/s$/.test(label) && !/ss$/.test(label)) return label.replace(/s$/, '');
  return label;
}

/** The words of a record that name it: its name or title. */
function recordName(record: unknown): string | undefined {
  if (!isRecord(record)) return undefined;
  for (const key of ['name', 'title', 'label', 'id']) if (typeof record[key] === 'string' && record[key]) return record[key] as string;
  return undefined;
}

/**
 * The words for `path` in `doc`. `blockLabel` names a block (a page's section, a template's section) by its type
 * or slot; a section whose label is on the page more than once also gets its number ("Card grid (section 3)").
 */
export function fieldWords(doc: unknown, path: Path, blockLabel: (block: Record<string, unknown>) => string | undefined): string {
  const words: string[] = [];
  let node: unknown = doc;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i];
    const parent = node;
    node = Array.isArray(parent) && typeof segment === 'number' ? parent[segment] : isRecord(parent) ? parent[String(segment)] : undefined;
    if (typeof segment === 'string') {
      const listOfItems = typeof path[i + 1] === 'number';
      if (!listOfItems) words.push(i === 0 && segment === 'meta' ? 'Page settings' : labelOf(segment));
      continue;
    }
    const listKey = String(path[i - 1] ?? 'item');
    const list = Array.isArray(parent) ? parent : [];
    const block = isRecord(node) && (typeof node.type === 'string' || typeof node.slot === 'string' || typeof node.block === 'string');
    const label = block ? blockLabel(node as Record<string, unknown>) : undefined;
    if (label) {
      const same = list.filter((item) => isRecord(item) && blockLabel(item) === label).length;
      words.push(same > 1 ? `${label} (section ${segment + 1})` : label);
    } else if (i === 1 && listKey === 'items' && recordName(node)) words.push(`“${recordName(node)}”`);
    else {
      const name = singular(listKey);
      words.push(`${name.charAt(0).toUpperCase()}${name.slice(1)} ${segment + 1}`);
    }
  }
  return words.join(' › ') || 'The whole document';
}
