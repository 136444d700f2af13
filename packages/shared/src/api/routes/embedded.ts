import { z } from 'zod';
import { MessageAnswer } from '../common.ts';
import {
  EmbeddedDashboardAnswer,
  EmbeddedDashboardConfig,
  EmbeddedUuidParam,
  GuestTokenAnswer,
  GuestTokenBody,
} from '../embedded.ts';
import { route } from '../route.ts';

const EMBEDDED = '/api/v1/dashboard/:id_or_slug/embedded';
const IdOrSlug = z.object({ id_or_slug: z.string().min(1).max(255) });

/**
 * A dashboard's embedded configuration (Superset's DashboardRestApi get/set/delete_embedded),
 * an embedding by its uuid (EmbeddedDashboardRestApi), and guest tokens (SecurityRestApi).
 */
export const embeddedRoutes = {
  get: route({ method: 'GET', path: EMBEDDED, params: IdOrSlug, answer: EmbeddedDashboardAnswer }),
  /** POST and PUT do the same, as in Superset: create or replace the configuration. */
  create: route({
    method: 'POST',
    path: EMBEDDED,
    params: IdOrSlug,
    body: EmbeddedDashboardConfig,
    answer: EmbeddedDashboardAnswer,
  }),
  update: route({
    method: 'PUT',
    path: EMBEDDED,
    params: IdOrSlug,
    body: EmbeddedDashboardConfig,
    answer: EmbeddedDashboardAnswer,
  }),
  delete: route({ method: 'DELETE', path: EMBEDDED, params: IdOrSlug, answer: MessageAnswer }),
  byUuid: route({
    method: 'GET',
    path: '/api/v1/embedded_dashboard/:uuid',
    params: EmbeddedUuidParam,
    answer: EmbeddedDashboardAnswer,
  }),
  guestToken: route({
    method: 'POST',
    path: '/api/v1/security/guest_token/',
    body: GuestTokenBody,
    answer: GuestTokenAnswer,
  }),
};
