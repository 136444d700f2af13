import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import { IdsQuery } from '@tessera/shared/api/dashboards';
import { dashboardRoutes as routes } from '@tessera/shared/api/routes/dashboards';
import { badRequest } from '@tessera/shared/errors';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { describedRoutes } from '../platform/describedRoute.ts';
import { parseQ } from '../platform/http.ts';
import { exportDashboards } from './bundle/export.ts';
import { importDashboards } from './bundle/import.ts';
import { preconditionInHeader, preconditionInMetadata } from './conflict.ts';
import { dashboardCharts, dashboardDatasets } from './contents.ts';
import { copyDashboard, updateColors } from './copy.ts';
import {
  createFilterState,
  deleteFilterState,
  readFilterState,
  updateFilterState,
  updateNativeFilters,
} from './filters.ts';
import { createDashboardPermalink, readDashboardPermalink } from './permalink.ts';
import {
  createDashboard,
  deleteDashboards,
  favoriteStatus,
  getDashboard,
  listDashboards,
  relatedOwners,
  setFavorite,
  updateDashboard,
} from './service.ts';

const tags = ['Dashboards'];

function idsOf(q: string | undefined): number[] {
  if (!q) throw badRequest('Not a valid rison argument: list the dashboard ids');
  return parseQ(IdsQuery, q);
}

/** The multipart fields of an import: the ZIP (`formData`), `overwrite` and `passwords`. */
async function importFields(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('Send the bundle as multipart field formData');
  const body = request.body as Record<string, MultipartFile | MultipartValue | undefined>;
  const file = body?.formData as MultipartFile | undefined;
  if (!file || typeof (file as MultipartFile).toBuffer !== 'function') {
    throw badRequest('Invalid input', {
      fields: { formData: ['Missing data for required field.'] },
    });
  }
  const text = (name: string) => {
    const field = body[name] as MultipartValue | undefined;
    return field && typeof field.value === 'string' ? field.value : undefined;
  };
  let passwords: Record<string, string> = {};
  const rawPasswords = text('passwords');
  if (rawPasswords) {
    try {
      passwords = z.record(z.string(), z.string()).parse(JSON.parse(rawPasswords));
    } catch {
      throw badRequest('Invalid input', { fields: { passwords: ['Not a valid JSON object.'] } });
    }
  }
  return { zip: await file.toBuffer(), overwrite: text('overwrite') === 'true', passwords };
}

/** `/api/v1/dashboard/`: thin handlers; rules live in service.ts and its siblings. */
export function dashboardRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // Multipart parsing is registered here only, so it applies to the import alone.
    await app.register(multipart, {
      attachFieldsToBody: true,
      limits: { files: 1, fields: 10, fileSize: ctx.config.bodyLimit },
    });
    const serve = describedRoutes(app, tags);

    serve(routes.list, async (request) =>
      listDashboards(ctx, request.actor, parseQ(routes.list.q, request.query.q)),
    );
    serve(routes.create, async (request) => createDashboard(ctx, request.actor, request.body));
    serve(routes.bulkDelete, async (request) =>
      deleteDashboards(ctx, request.actor, idsOf(request.query.q)),
    );
    serve(routes.favoriteStatus, async (request) =>
      favoriteStatus(ctx, request.actor, idsOf(request.query.q)),
    );
    serve(routes.export, async (request, reply) => {
      const { filename, zip } = await exportDashboards(ctx, request.actor, idsOf(request.query.q));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename=${filename}`)
        .send(zip);
    });
    serve(routes.import, async (request) => {
      const fields = await importFields(request);
      return importDashboards(ctx, request.actor, fields.zip, fields);
    });
    serve(routes.related, async (request) =>
      relatedOwners(
        ctx,
        request.actor,
        request.params.column,
        parseQ(routes.related.q, request.query.q),
      ),
    );
    serve(routes.readPermalink, async (request) =>
      readDashboardPermalink(ctx, request.actor, request.params.key),
    );

    serve(routes.get, async (request) =>
      getDashboard(ctx, request.actor, request.params.id_or_slug),
    );
    serve(routes.update, async (request) =>
      updateDashboard(ctx, request.actor, request.params.pk, request.body, {
        precondition: {
          ...preconditionInHeader(request.headers['if-unmodified-since']),
          ...preconditionInMetadata(request.body.json_metadata),
        },
      }),
    );
    serve(routes.delete, async (request) =>
      deleteDashboards(ctx, request.actor, [request.params.pk]),
    );
    serve(routes.charts, async (request) =>
      dashboardCharts(ctx, request.actor, request.params.id_or_slug),
    );
    serve(routes.datasets, async (request) =>
      dashboardDatasets(ctx, request.actor, request.params.id_or_slug),
    );
    serve(routes.copy, async (request) =>
      copyDashboard(ctx, request.actor, request.params.id_or_slug, request.body),
    );
    serve(routes.colors, async (request) =>
      updateColors(
        ctx,
        request.actor,
        request.params.pk,
        request.body,
        request.query.mark_updated !== 'false',
      ),
    );
    serve(routes.addFavorite, async (request) =>
      setFavorite(ctx, request.actor, request.params.pk, true),
    );
    serve(routes.removeFavorite, async (request) =>
      setFavorite(ctx, request.actor, request.params.pk, false),
    );
    serve(routes.updateFilters, async (request) =>
      updateNativeFilters(ctx, request.actor, request.params.pk, request.body),
    );
    serve(routes.createFilterState, async (request) =>
      createFilterState(
        ctx,
        request.actor,
        request.params.pk,
        request.body.value,
        request.query.tab_id ?? null,
      ),
    );
    serve(routes.readFilterState, async (request) =>
      readFilterState(ctx, request.actor, request.params.pk, request.params.key),
    );
    serve(routes.updateFilterState, async (request) =>
      updateFilterState(
        ctx,
        request.actor,
        request.params.pk,
        request.params.key,
        request.body.value,
        request.query.tab_id ?? null,
      ),
    );
    serve(routes.deleteFilterState, async (request) =>
      deleteFilterState(ctx, request.actor, request.params.pk, request.params.key),
    );
    serve(routes.createPermalink, async (request) =>
      createDashboardPermalink(ctx, request.actor, request.params.id_or_slug, request.body),
    );
  };
}
