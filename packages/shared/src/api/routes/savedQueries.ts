import { crudRoutes } from '../route.ts';
import {
  SavedQueryBulkDeleteQuery,
  SavedQueryCreateBody,
  SavedQueryItemAnswer,
  SavedQueryListAnswer,
  SavedQueryUpdateBody,
  SavedQueryWriteAnswer,
} from '../savedQueries.ts';

/** `/api/v1/saved_query/`. */
export const savedQueryRoutes = crudRoutes('/api/v1/saved_query', {
  list: SavedQueryListAnswer,
  item: SavedQueryItemAnswer,
  create: SavedQueryCreateBody,
  update: SavedQueryUpdateBody,
  written: SavedQueryWriteAnswer,
  ids: SavedQueryBulkDeleteQuery,
});
