import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import { IdParam, ListQuery, MessageAnswer } from '@tessera/shared/api/common';
import {
  DashboardChartsAnswer,
  DashboardColorsBody,
  DashboardColorsQuery,
  DashboardCopyAnswer,
  DashboardCopyBody,
  DashboardCreateBody,
  DashboardDatasetsAnswer,
  DashboardItemAnswer,
  DashboardListAnswer,
  DashboardPermalinkAnswer,
  DashboardPermalinkState,
  DashboardPermalinkValue,
  DashboardUpdateBody,
  DashboardWriteAnswer,
  FavoriteAnswer,
  FavoriteStatusAnswer,
  IdsQuery,
  RelatedAnswer,
  RelatedQuery,
} from '@tessera/shared/api/dashboards';
import { badRequest } from '@tessera/shared/errors';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { parseQ } from '../platform/http.ts';
import { exportDashboards } from './bundle/export.ts';
import { importDashboards } from './bundle/import.ts';
import { preconditionInHeader, preconditionInMetadata } from './conflict.ts';
import { dashboardCharts, dashboardDatasets } from './contents.ts';
import { copyDashboard, updateColors } from './copy.ts';
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

const BASE = '/api/v1/dashboard';
const tags = ['Dashboards'];
const QParam = z.object({ q: z.string().optional() });
const IdOrSlug = z.object({ id_or_slug: z.string().min(1).max(255) });
const RelatedParam = z.object({ column: z.enum(['owners', 'roles', 'created_by', 'changed_by']) });
const KeyParam = z.object({ key: z.string().min(1).max(64) });

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
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      `${BASE}/`,
      { schema: { tags, querystring: QParam, response: { 200: DashboardListAnswer } } },
      async (request) => listDashboards(ctx, request.actor, parseQ(ListQuery, request.query.q)),
    );
    r.post(
      `${BASE}/`,
      { schema: { tags, body: DashboardCreateBody, response: { 201: DashboardWriteAnswer } } },
      async (request, reply) =>
        reply.status(201).send(await createDashboard(ctx, request.actor, request.body)),
    );
    r.delete(
      `${BASE}/`,
      { schema: { tags, querystring: QParam, response: { 200: MessageAnswer } } },
      async (request) => deleteDashboards(ctx, request.actor, idsOf(request.query.q)),
    );
    r.get(
      `${BASE}/favorite_status/`,
      { schema: { tags, querystring: QParam, response: { 200: FavoriteStatusAnswer } } },
      async (request) => favoriteStatus(ctx, request.actor, idsOf(request.query.q)),
    );
    r.get(`${BASE}/export/`, { schema: { tags, querystring: QParam } }, async (request, reply) => {
      const { filename, zip } = await exportDashboards(ctx, request.actor, idsOf(request.query.q));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename=${filename}`)
        .send(zip);
    });
    r.post(`${BASE}/import/`, { schema: { tags } }, async (request) => {
      const fields = await importFields(request);
      return importDashboards(ctx, request.actor, fields.zip, fields);
    });
    r.get(
      `${BASE}/related/:column`,
      {
        schema: {
          tags,
          params: RelatedParam,
          querystring: QParam,
          response: { 200: RelatedAnswer },
        },
      },
      async (request) =>
        relatedOwners(
          ctx,
          request.actor,
          request.params.column,
          parseQ(RelatedQuery, request.query.q),
        ),
    );
    r.get(
      `${BASE}/permalink/:key`,
      { schema: { tags, params: KeyParam, response: { 200: DashboardPermalinkValue } } },
      async (request) => readDashboardPermalink(ctx, request.actor, request.params.key),
    );

    r.get(
      `${BASE}/:id_or_slug`,
      { schema: { tags, params: IdOrSlug, response: { 200: DashboardItemAnswer } } },
      async (request) => getDashboard(ctx, request.actor, request.params.id_or_slug),
    );
    r.put(
      `${BASE}/:pk`,
      {
        schema: {
          tags,
          params: IdParam,
          body: DashboardUpdateBody,
          response: { 200: DashboardWriteAnswer },
        },
      },
      async (request) =>
        updateDashboard(ctx, request.actor, request.params.pk, request.body, {
          precondition: {
            ...preconditionInHeader(request.headers['if-unmodified-since']),
            ...preconditionInMetadata(request.body.json_metadata),
          },
        }),
    );
    r.delete(
      `${BASE}/:pk`,
      { schema: { tags, params: IdParam, response: { 200: MessageAnswer } } },
      async (request) => deleteDashboards(ctx, request.actor, [request.params.pk]),
    );
    r.get(
      `${BASE}/:id_or_slug/charts`,
      { schema: { tags, params: IdOrSlug, response: { 200: DashboardChartsAnswer } } },
      async (request) => dashboardCharts(ctx, request.actor, request.params.id_or_slug),
    );
    r.get(
      `${BASE}/:id_or_slug/datasets`,
      { schema: { tags, params: IdOrSlug, response: { 200: DashboardDatasetsAnswer } } },
      async (request) => dashboardDatasets(ctx, request.actor, request.params.id_or_slug),
    );
    r.post(
      `${BASE}/:id_or_slug/copy/`,
      {
        schema: {
          tags,
          params: IdOrSlug,
          body: DashboardCopyBody,
          response: { 200: DashboardCopyAnswer },
        },
      },
      async (request) => copyDashboard(ctx, request.actor, request.params.id_or_slug, request.body),
    );
    r.put(
      `${BASE}/:pk/colors`,
      {
        schema: {
          tags,
          params: IdParam,
          querystring: DashboardColorsQuery,
          body: DashboardColorsBody,
          response: { 200: DashboardWriteAnswer },
        },
      },
      async (request) =>
        updateColors(
          ctx,
          request.actor,
          request.params.pk,
          request.body,
          request.query.mark_updated !== 'false',
        ),
    );
    r.post(
      `${BASE}/:pk/favorites/`,
      { schema: { tags, params: IdParam, response: { 200: FavoriteAnswer } } },
      async (request) => setFavorite(ctx, request.actor, request.params.pk, true),
    );
    r.delete(
      `${BASE}/:pk/favorites/`,
      { schema: { tags, params: IdParam, response: { 200: FavoriteAnswer } } },
      async (request) => setFavorite(ctx, request.actor, request.params.pk, false),
    );
    r.post(
      `${BASE}/:id_or_slug/permalink`,
      {
        schema: {
          tags,
          params: IdOrSlug,
          body: DashboardPermalinkState,
          response: { 201: DashboardPermalinkAnswer },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await createDashboardPermalink(
              ctx,
              request.actor,
              request.params.id_or_slug,
              request.body,
            ),
          ),
    );
  };
}
