import { type DragEvent, useState } from 'react';

/**
 * The datasource panel drags columns and metrics with native HTML5 drag and drop under this
 * media type; the payload is JSON `{type, name}`.
 */
export const DATASOURCE_ITEM_MIME = 'application/x-tessera-datasource-item';

export interface DatasourceDragItem {
  type: 'column' | 'metric';
  name: string;
}

export function readDragItem(transfer: DataTransfer | null | undefined): DatasourceDragItem | null {
  const raw = transfer?.getData(DATASOURCE_ITEM_MIME);
  if (!raw) return null;
  try {
    const item = JSON.parse(raw) as Partial<DatasourceDragItem>;
    if ((item.type === 'column' || item.type === 'metric') && typeof item.name === 'string') {
      return { type: item.type, name: item.name };
    }
  } catch {
    // Something else was dropped (text from another page): not ours to read.
  }
  return null;
}

function carriesItem(transfer: DataTransfer | null | undefined): boolean {
  const types = transfer?.types;
  return !!types && Array.from(types).includes(DATASOURCE_ITEM_MIME);
}

/**
 * Props for an element that accepts dragged datasource items of the given kinds. The kind is
 * only known on drop (dragover cannot read the payload), so a refused kind is ignored there.
 */
export function useDropTarget(
  accept: ReadonlyArray<DatasourceDragItem['type']>,
  onDropItem: (item: DatasourceDragItem) => void,
) {
  const [isOver, setOver] = useState(false);
  const dropProps = {
    onDragOver(event: DragEvent) {
      if (!carriesItem(event.dataTransfer)) return;
      event.preventDefault();
      if (!isOver) setOver(true);
    },
    onDragLeave() {
      setOver(false);
    },
    onDrop(event: DragEvent) {
      setOver(false);
      const item = readDragItem(event.dataTransfer);
      if (!item || !accept.includes(item.type)) return;
      event.preventDefault();
      onDropItem(item);
    },
  };
  return { isOver, dropProps };
}
