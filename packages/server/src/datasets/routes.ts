import { datasetRoutes as routes } from '@tessera/shared/api/routes/datasets';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { describedRoutes } from '../platform/describedRoute.ts';
import { parseQ } from '../platform/http.ts';
import { distinctValues, listDatasets } from './list.ts';
import { showDataset } from './read.ts';
import {
  bulkDeleteDatasets,
  createDataset,
  deleteColumn,
  deleteDataset,
  deleteMetric,
  duplicateDataset,
  getOrCreateDataset,
  refreshDataset,
  relatedObjects,
  updateDataset,
} from './service.ts';

const tags = ['Datasets'];
type Created = z.output<typeof routes.create.answer>;
type Shown = z.output<typeof routes.getFields.answer>;

/** `/api/v1/dataset/`: thin handlers; the rules live in service.ts, list.ts and read.ts. */
export function datasetRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const serve = describedRoutes(app, tags);

    serve(routes.list, async (request) =>
      listDatasets(ctx, request.actor, parseQ(routes.list.q, request.query.q)),
    );

    serve(routes.create, async (request) => {
      const created = await createDataset(ctx, request.actor, request.body);
      // The service types `result` as any record; it always carries the stored table_name.
      return { ...created, result: created.result as Created['result'] };
    });

    serve(routes.bulkDelete, async (request) => {
      const ids = request.query.q ? parseQ(routes.bulkDelete.q, request.query.q) : [];
      return bulkDeleteDatasets(ctx, request.actor, ids);
    });

    serve(routes.distinct, async (request) =>
      distinctValues(ctx, request.actor, request.params.column),
    );

    serve(routes.duplicate, async (request) => duplicateDataset(ctx, request.actor, request.body));

    serve(routes.getOrCreate, async (request) =>
      getOrCreateDataset(ctx, request.actor, request.body),
    );

    // `getFields` is the one registration of GET /{pk}; `get` is the web's call of it without `q`.
    // The service picks fields by name, so it types the item loosely; the response schema
    // checks it on the way out.
    serve(
      routes.getFields,
      async (request) =>
        (await showDataset(
          ctx,
          request.actor,
          request.params.pk,
          parseQ(routes.getFields.q, request.query.q),
        )) as Shown,
    );

    serve(routes.update, async (request) => {
      const override = ['true', '1'].includes(request.query.override_columns ?? '');
      return updateDataset(ctx, request.actor, request.params.pk, request.body, override);
    });

    serve(routes.delete, async (request) => deleteDataset(ctx, request.actor, request.params.pk));

    serve(routes.refresh, async (request) => refreshDataset(ctx, request.actor, request.params.pk));

    serve(routes.relatedObjects, async (request) =>
      relatedObjects(ctx, request.actor, request.params.pk),
    );

    serve(routes.deleteColumn, async (request) =>
      deleteColumn(ctx, request.actor, request.params.pk, request.params.column_id),
    );

    serve(routes.deleteMetric, async (request) =>
      deleteMetric(ctx, request.actor, request.params.pk, request.params.metric_id),
    );
  };
}
