import { datasetRoutes as routes } from '@tessera/shared/api/routes/datasets';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { describedRoute } from '../platform/describedRoute.ts';
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
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.route({
      ...describedRoute(routes.list, tags),
      handler: async (request) =>
        listDatasets(ctx, request.actor, parseQ(routes.list.q, request.query.q)),
    });

    r.route({
      ...describedRoute(routes.create, tags),
      handler: async (request, reply) => {
        const created = await createDataset(ctx, request.actor, request.body);
        // The service types `result` as any record; it always carries the stored table_name.
        return reply.status(201).send({ ...created, result: created.result as Created['result'] });
      },
    });

    r.route({
      ...describedRoute(routes.bulkDelete, tags),
      handler: async (request) => {
        const ids = request.query.q ? parseQ(routes.bulkDelete.q, request.query.q) : [];
        return bulkDeleteDatasets(ctx, request.actor, ids);
      },
    });

    r.route({
      ...describedRoute(routes.distinct, tags),
      handler: async (request) => distinctValues(ctx, request.actor, request.params.column),
    });

    r.route({
      ...describedRoute(routes.duplicate, tags),
      handler: async (request, reply) =>
        reply.status(201).send(await duplicateDataset(ctx, request.actor, request.body)),
    });

    r.route({
      ...describedRoute(routes.getOrCreate, tags),
      handler: async (request) => getOrCreateDataset(ctx, request.actor, request.body),
    });

    // `getFields` is the one registration of GET /{pk}; `get` is the web's call of it without `q`.
    r.route({
      ...describedRoute(routes.getFields, tags),
      // The service picks fields by name, so it types the item loosely; the response schema
      // checks it on the way out.
      handler: async (request) =>
        (await showDataset(
          ctx,
          request.actor,
          request.params.pk,
          parseQ(routes.getFields.q, request.query.q),
        )) as Shown,
    });

    r.route({
      ...describedRoute(routes.update, tags),
      handler: async (request) => {
        const override = ['true', '1'].includes(request.query.override_columns ?? '');
        return updateDataset(ctx, request.actor, request.params.pk, request.body, override);
      },
    });

    r.route({
      ...describedRoute(routes.delete, tags),
      handler: async (request) => deleteDataset(ctx, request.actor, request.params.pk),
    });

    r.route({
      ...describedRoute(routes.refresh, tags),
      handler: async (request) => refreshDataset(ctx, request.actor, request.params.pk),
    });

    r.route({
      ...describedRoute(routes.relatedObjects, tags),
      handler: async (request) => relatedObjects(ctx, request.actor, request.params.pk),
    });

    r.route({
      ...describedRoute(routes.deleteColumn, tags),
      handler: async (request) =>
        deleteColumn(ctx, request.actor, request.params.pk, request.params.column_id),
    });

    r.route({
      ...describedRoute(routes.deleteMetric, tags),
      handler: async (request) =>
        deleteMetric(ctx, request.actor, request.params.pk, request.params.metric_id),
    });
  };
}
