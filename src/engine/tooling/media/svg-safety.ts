/**
 * An SVG is a document that can run code: one added to the media library is refused, saying why, when it holds a
 * script, an event handler, a javascript: link, HTML (foreignObject, the XHTML namespace, a frame or an embed),
 * entities or a reference to another site; what is left is cleaned of comments and editor metadata. (Served as an
 * <img>, a browser runs none of this anyway, and the servers that send one on its own forbid it to; refusing keeps a
 * file that would be dangerous opened on its own out of the repository.)
 *
 * The checks read the text closer to how a browser does: comments taken out first, until none is left
 * (`<scr<!---->ipt>` is a script once its comment goes), character references decoded (`&#106;avascript:`), and each
 * attribute's value read as a URL (the spaces a scheme ignores out). An element's name is checked with any namespace
 * prefix (`<x:script>`). It is still a list of what is refused, not a parser keeping only what is known to be safe.
 */
const ELEMENT = (name: string) => new RegExp(`<(?:[\\w.-]+:)?${name}[\\s/>]`, 'i');

/** The document's checks. */
const REFUSED: [RegExp, string][] = [
  [ELEMENT('script'), 'it contains a script'],
  [/[\s/"'](?:[\w.-]+:)?on[a-z]+\s*=/i, 'it contains an event handler (an on… attribute) that runs code'],
  [ELEMENT('foreignObject'), 'it embeds HTML (foreignObject)'],
  [/http:\/\/www\.w3\.org\/1999\/xhtml|<(?:[\w.-]+:)?(?:iframe|embed|object|frame)[\s/>]/i, 'it embeds HTML or another document'],
  [/<!ENTITY/i, 'it declares XML entities'],
  [/<\?xml-stylesheet/i, 'it asks for a style sheet from elsewhere'],
  // A CSS escape (`\68ttps:`) hides an address from the check below.
  [/url\(\s*["']?[^)]*\\/i, 'its styles use an escaped address'],
];

const JAVASCRIPT = 'it contains a javascript: link';
const ELSEWHERE = 'it refers to a file on another site or to embedded data that is not an image';

/** The checks of addresses in the text. */
const REFUSED_ADDRESSES: [RegExp, string][] = [
  [/(?:java|vb)script:/i, JAVASCRIPT],
  [/\b(?:[\w.-]+:)?(?:href|src)\s*=\s*["']\s*(?:https?:|\/\/|data:(?!image\/(?:png|jpeg|webp);))/i, ELSEWHERE],
  [/@import|url\(\s*["']?\s*(?:https?:|\/\/)/i, 'its styles load a file from another site'],
];

/** The attributes whose value is an address (or a list of them): href and src, and what an animation sets one to. */
const ADDRESS_ATTRIBUTE = /^(?:[\w.-]+:)?(?:href|src|to|from|by|values)$/i;

/** Why an attribute's value is refused, read as a URL is: spaces and control characters out (`java\tscript:`). */
function attributeRefusal(name: string, value: string): string | undefined {
  const squeezed = [...value].filter((char) => char.codePointAt(0)! > 0x20).join('');
  if (/(?:^|;)(?:java|vb)script:/i.test(squeezed)) return JAVASCRIPT;
  if (ADDRESS_ATTRIBUTE.test(name) && /(?:^|;)(?:https?:|\/\/|data:(?!image\/(?:png|jpeg|webp);))/i.test(squeezed)) return ELSEWHERE;
  return undefined;
}

/** Comments out, again and again until there are none (taking one out can make another). */
function withoutComments(text: string): string {
  for (let before = ''; before !== text;) [before, text] = [text, text.replace(/<!--[\s\S]*?-->/g, '')];
  return text;
}

/** The text as its character references read (`&#106;` is j, `&#x3a;` a colon). */
const decoded = (text: string) =>
  text.replace(/&#(x[0-9a-f]+|\d+);?/gi, (reference, code: string) => {
    const point = code[0].toLowerCase() === 'x' ? parseInt(code.slice(1), 16) : Number(code);
    return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : reference;
  });

export function sanitizeSvg(text: string): { svg: string } | { refused: string } {
  const svg = withoutComments(text);
  const read = decoded(svg);
  const refusal =
    [...REFUSED, ...REFUSED_ADDRESSES].find(([pattern]) => pattern.test(svg) || pattern.test(read))?.[1] ??
    [...read.matchAll(/([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)]
      .map(([, name, double, single]) => attributeRefusal(name, double ?? single ?? ''))
      .find(Boolean);
  if (refusal) return { refused: `this SVG cannot be added: ${refusal}` };
  const cleaned = svg
    .replace(/<metadata[\s>][\s\S]*?<\/metadata>/gi, '')
    .replace(/<sodipodi:namedview[\s\S]*?(\/>|<\/sodipodi:namedview>)/gi, '')
    .trim();
  return { svg: `${cleaned}\n` };
}

/** An SVG's size in CSS pixels: its width and height attributes, else its viewBox. */
export function svgSize(svg: string): { width: number; height: number } | undefined {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const number = (name: string) => {
    const value = new RegExp(`\\s${name}\\s*=\\s*["']\\s*([\\d.]+)(px)?\\s*["']`, 'i').exec(root)?.[1];
    return value ? Number(value) : undefined;
  };
  const viewBox = /\sviewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*["']/i.exec(root);
  const width = number('width') ?? (viewBox ? Number(viewBox[1]) : undefined);
  const height = number('height') ?? (viewBox ? Number(viewBox[2]) : undefined);
  return width && height ? { width: Math.round(width), height: Math.round(height) } : undefined;
}
