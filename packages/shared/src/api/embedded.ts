import { z } from 'zod';
import { UserRef } from './common.ts';

/**
 * Embedded dashboards (Superset's EmbeddedDashboardConfigSchema and
 * EmbeddedDashboardResponseSchema) and guest tokens (Superset's GuestTokenCreateSchema).
 */

/** Superset's GUEST_TOKEN_HEADER_NAME: the header a guest sends its token in. */
export const GUEST_TOKEN_HEADER_NAME = 'X-GuestToken';

export const MAX_ALLOWED_DOMAINS = 100;
export const MAX_GUEST_RESOURCES = 100;
export const MAX_GUEST_RLS_RULES = 100;
/** As long as an adhoc SQL expression of chart data may be. */
export const MAX_GUEST_CLAUSE = 10_000;

/**
 * An origin allowed to frame the dashboard. It becomes part of a `frame-ancestors` header, so
 * nothing that would end or split a CSP source is accepted.
 */
const AllowedDomain = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[^\s;,'"]+$/, 'Not a valid domain');

export const EmbeddedDashboardConfig = z.object({
  allowed_domains: z.array(AllowedDomain).max(MAX_ALLOWED_DOMAINS),
});
export type EmbeddedDashboardConfig = z.infer<typeof EmbeddedDashboardConfig>;

export const EmbeddedDashboard = z.object({
  uuid: z.string(),
  allowed_domains: z.array(z.string()),
  /** A string, as Superset's schema dumps it. */
  dashboard_id: z.string(),
  changed_on: z.string().nullable(),
  changed_by: UserRef.nullable(),
});
export type EmbeddedDashboard = z.infer<typeof EmbeddedDashboard>;

export const EmbeddedDashboardAnswer = z.object({ result: EmbeddedDashboard });

export const EmbeddedUuidParam = z.object({ uuid: z.string().min(1).max(64) });

const GuestName = z.string().max(255);

export const GuestUser = z.object({
  username: GuestName.optional(),
  first_name: GuestName.optional(),
  last_name: GuestName.optional(),
});

/** `id` is an embedded dashboard's uuid. */
export const GuestResource = z.object({
  type: z.literal('dashboard'),
  id: z.string().min(1).max(64),
});

/** A row filter; without `dataset` it applies to every dataset the guest's charts read. */
export const GuestRlsRule = z.object({
  dataset: z.number().int().positive().max(2147483647).optional(),
  clause: z.string().min(1).max(MAX_GUEST_CLAUSE),
});

export const GuestTokenBody = z.object({
  user: GuestUser,
  resources: z.array(GuestResource).max(MAX_GUEST_RESOURCES),
  rls: z.array(GuestRlsRule).max(MAX_GUEST_RLS_RULES),
});
export type GuestTokenBody = z.infer<typeof GuestTokenBody>;

export const GuestTokenAnswer = z.object({ token: z.string() });
