import { MessageAnswer } from '@tessera/shared/api/common';
import {
  ExploreAnswer,
  ExplorePermalinkBody,
  ExplorePermalinkCreatedAnswer,
  ExplorePermalinkValue,
  ExploreQuery,
  FormDataBody,
  FormDataCreatedAnswer,
  FormDataKeyParam,
  FormDataTabQuery,
  FormDataUpdatedAnswer,
  FormDataValueAnswer,
} from '@tessera/shared/api/explore';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { createFormData, deleteFormData, readFormData, updateFormData } from './formData.ts';
import { createExplorePermalink, readExplorePermalink } from './permalink.ts';
import { exploreContext } from './service.ts';

const BASE = '/api/v1/explore';
const tags = ['Explore'];

/** `/api/v1/explore/`, its form-data cache and its permalinks: thin handlers. */
export function exploreRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      `${BASE}/`,
      { schema: { tags, querystring: ExploreQuery, response: { 200: ExploreAnswer } } },
      async (request) => ({ result: await exploreContext(ctx, request.actor, request.query) }),
    );

    r.post(
      `${BASE}/form_data`,
      {
        schema: {
          tags,
          querystring: FormDataTabQuery,
          body: FormDataBody,
          response: { 201: FormDataCreatedAnswer },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createFormData(ctx, request.actor, request.body)),
    );

    r.put(
      `${BASE}/form_data/:key`,
      {
        schema: {
          tags,
          params: FormDataKeyParam,
          querystring: FormDataTabQuery,
          body: FormDataBody,
          response: { 200: FormDataUpdatedAnswer },
        },
      },
      async (request) => updateFormData(ctx, request.actor, request.params.key, request.body),
    );

    r.get(
      `${BASE}/form_data/:key`,
      { schema: { tags, params: FormDataKeyParam, response: { 200: FormDataValueAnswer } } },
      async (request) => readFormData(ctx, request.actor, request.params.key),
    );

    r.delete(
      `${BASE}/form_data/:key`,
      { schema: { tags, params: FormDataKeyParam, response: { 200: MessageAnswer } } },
      async (request) => deleteFormData(ctx, request.actor, request.params.key),
    );

    r.post(
      `${BASE}/permalink`,
      {
        schema: {
          tags,
          body: ExplorePermalinkBody,
          response: { 201: ExplorePermalinkCreatedAnswer },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createExplorePermalink(ctx, request.actor, request.body)),
    );

    r.get(
      `${BASE}/permalink/:key`,
      {
        schema: {
          tags,
          params: FormDataKeyParam,
          response: { 200: ExplorePermalinkValue },
        },
      },
      async (request) => readExplorePermalink(ctx, request.actor, request.params.key),
    );
  };
}
