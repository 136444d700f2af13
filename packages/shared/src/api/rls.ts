import { z } from 'zod';
import { listAnswerSchema, projectedRow } from './common.ts';

/**
 * The contract of `/api/v1/rowlevelsecurity/` (reference/superset-api.md, "Security"): Regular
 * rules apply to the listed roles, Base rules to everyone except them; rules sharing a group key
 * are ORed, groups are ANDed; clauses are templates.
 */

export const RLS_FILTER_TYPES = ['Regular', 'Base'] as const;
export type RlsFilterType = (typeof RLS_FILTER_TYPES)[number];

export const ROLES_NOT_FOUND_MESSAGE = 'Some roles do not exist';
export const TABLES_NOT_FOUND_MESSAGE = 'Datasource does not exist';
export const RLS_NAME_EXISTS_MESSAGE = 'A rule with this name already exists';

const name = z
  .string()
  .trim()
  .min(1, 'Shorter than minimum length 1.')
  .max(255, 'Longer than maximum length 255.');

export const RlsCreateBody = z.object({
  name,
  description: z.string().nullable().optional(),
  filter_type: z.enum(RLS_FILTER_TYPES, {
    error: 'Must be one of: Regular, Base.',
  }),
  tables: z.array(z.number().int()).min(1, 'Shorter than minimum length 1.'),
  roles: z.array(z.number().int()).default([]),
  group_key: z.string().max(255).nullable().optional(),
  clause: z.string().min(1, 'Shorter than minimum length 1.'),
});
export type RlsCreateBody = z.infer<typeof RlsCreateBody>;

export const RlsUpdateBody = z.object({
  name: name.optional(),
  description: z.string().nullable().optional(),
  filter_type: z.enum(RLS_FILTER_TYPES, { error: 'Must be one of: Regular, Base.' }).optional(),
  tables: z.array(z.number().int()).min(1, 'Shorter than minimum length 1.').optional(),
  roles: z.array(z.number().int()).optional(),
  group_key: z.string().max(255).nullable().optional(),
  clause: z.string().min(1, 'Shorter than minimum length 1.').optional(),
});
export type RlsUpdateBody = z.infer<typeof RlsUpdateBody>;

export const RlsRule = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  filter_type: z.enum(RLS_FILTER_TYPES),
  tables: z.array(
    z.object({ id: z.number(), schema: z.string().nullable(), table_name: z.string() }),
  ),
  roles: z.array(z.object({ id: z.number(), name: z.string() })),
  group_key: z.string().nullable(),
  clause: z.string(),
  changed_on: z.string(),
  changed_on_delta_humanized: z.string(),
  changed_by: z
    .object({ id: z.number(), first_name: z.string(), last_name: z.string() })
    .nullable(),
});
export type RlsRule = z.infer<typeof RlsRule>;

export const RlsItemAnswer = z.object({ id: z.number(), result: RlsRule });

export const RlsWriteAnswer = z.object({
  id: z.number(),
  result: z.record(z.string(), z.unknown()),
});

export const RLS_ORDER_COLUMNS = [
  'name',
  'filter_type',
  'group_key',
  'clause',
  'changed_on_delta_humanized',
  'changed_on',
  'id',
] as const;

export const RlsListAnswer = listAnswerSchema(projectedRow(RlsRule));
export type RlsListAnswer = z.infer<typeof RlsListAnswer>;
