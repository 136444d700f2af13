import {
  RlsCreateBody,
  RlsItemAnswer,
  RlsListAnswer,
  RlsUpdateBody,
  RlsWriteAnswer,
} from '../rls.ts';
import { crudRoutes } from '../route.ts';

/** `/api/v1/rowlevelsecurity/`. */
export const rlsRoutes = crudRoutes('/api/v1/rowlevelsecurity', {
  list: RlsListAnswer,
  item: RlsItemAnswer,
  create: RlsCreateBody,
  update: RlsUpdateBody,
  written: RlsWriteAnswer,
});
