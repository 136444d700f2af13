import type { Layer } from '@tessera/shared/api/annotations';
import type { ListAnswer } from '@tessera/shared/api/common';
import { api } from '../../../app/api.ts';
import { useApiQuery } from '../../../app/useApiQuery.ts';

export interface NativeLayerOption {
  id: number;
  name: string;
}

/** The native annotation layers a chart can draw (`GET /api/v1/annotation_layer/`). */
export function useAnnotationLayers(enabled: boolean): {
  layers: NativeLayerOption[];
  loading: boolean;
} {
  const query = useApiQuery(
    (signal) =>
      api.get<ListAnswer<Layer>>('/api/v1/annotation_layer/', {
        signal,
        q: { order_column: 'name', order_direction: 'asc', page_size: 100 },
      }),
    [],
    { enabled },
  );
  return {
    layers: (query.data?.result ?? []).map((layer) => ({ id: layer.id, name: layer.name })),
    loading: query.loading,
  };
}
