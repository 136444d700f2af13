/**
 * Charts whose pixels cannot be read from the page at any moment. A WebGL canvas (MapLibre) keeps
 * its drawing only until the frame is shown, unless created with `preserveDrawingBuffer`, which
 * costs every frame of every map; so such a chart registers its element here with a function
 * that draws a frame and reads it at once, and pictures and printouts of the page ask it.
 */

/** Resolves to a PNG data URL of the element's drawing (its box), or null without one. */
export type PictureCapture = () => Promise<string | null>;

const sources = new Map<Element, PictureCapture>();

/** Registers the element's capture; the returned function removes it (on unmount). */
export function registerPictureSource(element: Element, capture: PictureCapture): () => void {
  sources.set(element, capture);
  return () => {
    if (sources.get(element) === capture) sources.delete(element);
  };
}

/** The registered elements inside `root` (or `root` itself), in no particular order. */
export function pictureSourcesIn(root: Element): Array<[Element, PictureCapture]> {
  return Array.from(sources).filter(([element]) => root.contains(element));
}
