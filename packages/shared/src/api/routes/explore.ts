import { MessageAnswer } from '../common.ts';
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
} from '../explore.ts';
import { route } from '../route.ts';

const BASE = '/api/v1/explore';

/** `/api/v1/explore/`: the page's bootstrap, the form-data cache and permalinks. */
export const exploreRoutes = {
  get: route({ method: 'GET', path: `${BASE}/`, query: ExploreQuery, answer: ExploreAnswer }),
  createFormData: route({
    method: 'POST',
    path: `${BASE}/form_data`,
    query: FormDataTabQuery,
    body: FormDataBody,
    answer: FormDataCreatedAnswer,
    status: 201,
  }),
  updateFormData: route({
    method: 'PUT',
    path: `${BASE}/form_data/:key`,
    params: FormDataKeyParam,
    query: FormDataTabQuery,
    body: FormDataBody,
    answer: FormDataUpdatedAnswer,
  }),
  readFormData: route({
    method: 'GET',
    path: `${BASE}/form_data/:key`,
    params: FormDataKeyParam,
    answer: FormDataValueAnswer,
  }),
  deleteFormData: route({
    method: 'DELETE',
    path: `${BASE}/form_data/:key`,
    params: FormDataKeyParam,
    answer: MessageAnswer,
  }),
  createPermalink: route({
    method: 'POST',
    path: `${BASE}/permalink`,
    body: ExplorePermalinkBody,
    answer: ExplorePermalinkCreatedAnswer,
    status: 201,
  }),
  readPermalink: route({
    method: 'GET',
    path: `${BASE}/permalink/:key`,
    params: FormDataKeyParam,
    answer: ExplorePermalinkValue,
  }),
} as const;
