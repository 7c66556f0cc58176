/**
 * An SVG is a document that can run code: one added to the media library is refused, saying why, when it holds a
 * script, an event handler, a javascript: link, foreign HTML, entities or a reference to another site; what is left is
 * cleaned of comments and editor metadata. (Served as an <img>, a browser runs none of this anyway; refusing keeps
 * a file that would be dangerous opened on its own out of the repository.)
 */
const REFUSED: [RegExp, string][] = [
  [/<script[\s>]/i, 'it contains a script'],
  [/\son[a-z]+\s*=/i, 'it contains an event handler (an on… attribute) that runs code'],
  [/javascript:/i, 'it contains a javascript: link'],
  [/<foreignObject[\s>]/i, 'it embeds HTML (foreignObject)'],
  [/<!ENTITY/i, 'it declares XML entities'],
  [
    /\b(?:xlink:)?href\s*=\s*["']\s*(?:https?:|\/\/|data:(?!image\/(?:png|jpeg|webp);))/i,
    'it refers to a file on another site or to embedded data that is not an image',
  ],
  [/@import|url\(\s*["']?\s*(?:https?:|\/\/)/i, 'its styles load a file from another site'],
];

export function sanitizeSvg(text: string): { svg: string } | { refused: string } {
  for (const [pattern, reason] of REFUSED) if (pattern.test(text)) return { refused: `this SVG cannot be added: ${reason}` };
  const svg = text
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<metadata[\s>][\s\S]*?<\/metadata>/gi, '')
    .replace(/<sodipodi:namedview[\s\S]*?(\/>|<\/sodipodi:namedview>)/gi, '')
    .trim();
  return { svg: `${svg}\n` };
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
