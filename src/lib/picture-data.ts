/**
 * What a `<picture>` needs (src/ui/Picture draws it; src/engine/model/picture.ts makes it when a page renders): plain
 * data, so it crosses to the browser in an island's props like any other.
 */
interface PictureSource {
  type: string;
  srcset: string;
}

export interface PictureData {
  src: string;
  srcset?: string;
  sizes?: string;
  width: number;
  height: number;
  /** Empty for a decorative image. */
  alt: string;
  sources: PictureSource[];
  /** A tiny blurred preview as a data URL, shown behind the image while it loads. */
  placeholder?: string;
  /** Above the fold: loaded at once with high priority (the page preloads it), else lazily. */
  priority: boolean;
}
