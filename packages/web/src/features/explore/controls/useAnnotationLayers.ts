import { annotationRoutes } from '@tessera/shared/api/routes/annotations';
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
      api.call(annotationRoutes.listLayers, {
        signal,
        q: { order_column: 'name', order_direction: 'asc', page_size: 100 },
      }),
    [],
    { enabled },
  );
  return {
    layers: (query.data?.result ?? []).map((layer) => ({
      id: Number(layer.id),
      name: String(layer.name),
    })),
    loading: query.loading,
  };
}
