import { useEffect, useState } from 'react';
import { useAppSelector } from '../../../app/store.ts';

type Thumbnails = typeof import('./chartThumbnails.ts');

// One load per page, shared by every thumbnail; the drawings are a chunk of their own.
let loading: Promise<Thumbnails> | null = null;
let loaded: Thumbnails | null = null;

function loadThumbnails(): Promise<Thumbnails> {
  if (!loading) {
    loading = import('./chartThumbnails.ts').then((module) => {
      loaded = module;
      return module;
    });
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/**
 * A chart type's drawing (see chartThumbnails.ts) at a fixed size; the box is kept while the
 * drawings load, so nothing moves when they arrive.
 */
export function ChartThumbnail({
  vizType,
  width,
  height,
  framed = true,
}: {
  vizType: string;
  width: number;
  height: number;
  /** On the tile's own background colour, with rounded corners. */
  framed?: boolean;
}) {
  const mode = useAppSelector((state) => state.theme.mode);
  const [thumbnails, setThumbnails] = useState<Thumbnails | null>(loaded);
  useEffect(() => {
    if (thumbnails) return;
    let live = true;
    loadThumbnails().then(
      (module) => live && setThumbnails(module),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [thumbnails]);

  const src = thumbnails?.thumbnailSrc(vizType, mode) ?? null;
  const box = {
    display: 'block',
    width,
    height,
    flex: 'none',
    borderRadius: framed ? 6 : 0,
    background: framed && thumbnails ? thumbnails.THUMBNAIL_BACKGROUND[mode] : undefined,
  } as const;
  if (!src) return <span style={box} aria-hidden />;
  return (
    <img
      src={src}
      alt=""
      width={width}
      height={height}
      draggable={false}
      style={{ ...box, objectFit: 'contain', padding: framed ? 4 : 0, boxSizing: 'border-box' }}
      data-testid="viz-type-thumbnail"
      data-viz-type={vizType}
    />
  );
}
