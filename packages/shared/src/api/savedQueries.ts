import { z } from 'zod';
import { ItemAnswer, listAnswerSchema, projectedRow } from './common.ts';

/**
 * The contract of `/api/v1/saved_query/` (Superset's SavedQueryRestApi). A user sees only the
 * saved queries they created. Client and server names differ (spec section 3): id is remoteId,
 * db_id is dbId, label is name, template_parameters is templateParams; the mapping functions at
 * the end do the renames.
 */

const nullableText = (max?: number) =>
  (max ? z.string().max(max, `Longer than maximum length ${max}.`) : z.string())
    .nullable()
    .optional();

/** JSON text holding an object (empty text allowed), as the editor keeps template parameters. */
const jsonText = z.string().superRefine((text, ctx) => {
  if (text.trim() === '') return;
  try {
    JSON.parse(text);
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      message: `Field cannot be decoded by JSON. ${(error as Error).message}`,
    });
  }
});

const fields = {
  label: z
    .string()
    .trim()
    .min(1, 'Shorter than minimum length 1.')
    .max(256, 'Longer than maximum length 256.'),
  db_id: z.number().int().positive(),
  catalog: nullableText(256),
  schema: nullableText(128),
  sql: nullableText(),
  description: nullableText(),
  template_parameters: jsonText.nullable().optional(),
  extra_json: jsonText.nullable().optional(),
};

export const SavedQueryCreateBody = z.strictObject(fields);
export type SavedQueryCreateBody = z.infer<typeof SavedQueryCreateBody>;

export const SavedQueryUpdateBody = z.strictObject({
  label: fields.label.optional(),
  db_id: fields.db_id.optional(),
  catalog: fields.catalog,
  schema: fields.schema,
  sql: fields.sql,
  description: fields.description,
  template_parameters: fields.template_parameters,
  extra_json: fields.extra_json,
});
export type SavedQueryUpdateBody = z.infer<typeof SavedQueryUpdateBody>;

const Person = z.object({ id: z.number(), first_name: z.string(), last_name: z.string() });

export const SavedQueryItem = z.object({
  id: z.number(),
  uuid: z.string(),
  label: z.string(),
  description: z.string(),
  sql: z.string(),
  db_id: z.number().nullable(),
  database: z.object({ id: z.number(), database_name: z.string() }).nullable(),
  catalog: z.string().nullable(),
  schema: z.string().nullable(),
  template_parameters: z.string().nullable(),
  extra_json: z.string(),
  /** `extra` is Superset's name for the same JSON text in list answers. */
  extra: z.string(),
  rows: z.number().nullable(),
  last_run: z.string().nullable(),
  last_run_delta_humanized: z.string().nullable(),
  created_on: z.string(),
  changed_on: z.string(),
  changed_on_delta_humanized: z.string(),
  created_by: Person.nullable(),
  changed_by: Person.nullable(),
});
export type SavedQueryItem = z.infer<typeof SavedQueryItem>;

export const SavedQueryItemAnswer = ItemAnswer(SavedQueryItem);

/** What create and update answer: the id and the fields as stored. */
export const SavedQueryWriteAnswer = ItemAnswer(
  z.object({
    label: z.string(),
    db_id: z.number().nullable(),
    catalog: z.string().nullable(),
    schema: z.string().nullable(),
    sql: z.string(),
    description: z.string(),
    template_parameters: z.string().nullable(),
    extra_json: z.string(),
  }),
);
export type SavedQueryWriteAnswer = z.infer<typeof SavedQueryWriteAnswer>;

export const SavedQueryListAnswer = listAnswerSchema(projectedRow(SavedQueryItem));
export type SavedQueryListAnswer = z.infer<typeof SavedQueryListAnswer>;

export const SAVED_QUERY_LIST_COLUMNS = [
  'catalog',
  'changed_by.first_name',
  'changed_by.id',
  'changed_by.last_name',
  'changed_on',
  'changed_on_delta_humanized',
  'created_by.first_name',
  'created_by.id',
  'created_by.last_name',
  'created_on',
  'database.database_name',
  'database.id',
  'db_id',
  'description',
  'extra',
  'id',
  'label',
  'last_run_delta_humanized',
  'rows',
  'schema',
  'sql',
  'template_parameters',
] as const;

export const SAVED_QUERY_ORDER_COLUMNS = [
  'changed_on',
  'changed_on_delta_humanized',
  'created_by.first_name',
  'created_on',
  'database.database_name',
  'description',
  'id',
  'label',
  'last_run_delta_humanized',
  'rows',
  'schema',
  'sql',
] as const;

/** Filter columns and their operators (`all_text` searches label, description and SQL). */
export const SAVED_QUERY_FILTERS: Record<string, readonly string[]> = {
  label: ['all_text', 'ct', 'eq', 'neq', 'sw', 'ew'],
  sql: ['ct', 'eq', 'sw', 'ew'],
  description: ['ct', 'eq', 'sw', 'ew'],
  schema: ['eq', 'neq', 'ct', 'sw', 'ew'],
  catalog: ['eq', 'neq'],
  database: ['rel_o_m', 'eq', 'neq'],
  id: ['eq', 'neq', 'gt', 'lt'],
};

/** `DELETE /api/v1/saved_query/?q=!(1,2)`: the ids to delete. */
export const SavedQueryBulkDeleteQuery = z.array(z.number().int().positive()).min(1);

// ---------------------------------------------------------------------------------------------
// Client <-> server renames.

/** A saved query as the client's query editor holds it. */
export interface ClientSavedQuery {
  remoteId: number;
  name: string;
  dbId: number | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  templateParams: string | null;
  description: string;
}

/** A saved query read from the server, with the client's names. */
export function savedQueryToClient(
  item: Pick<
    SavedQueryItem,
    'id' | 'label' | 'db_id' | 'catalog' | 'schema' | 'sql' | 'template_parameters' | 'description'
  >,
): ClientSavedQuery {
  return {
    remoteId: item.id,
    name: item.label,
    dbId: item.db_id,
    catalog: item.catalog,
    schema: item.schema,
    sql: item.sql,
    templateParams: item.template_parameters,
    description: item.description,
  };
}

/** The body of `POST`/`PUT /api/v1/saved_query/` for a client query editor. */
export function clientToSavedQueryBody(query: {
  name: string;
  dbId: number;
  catalog?: string | null;
  schema?: string | null;
  sql?: string | null;
  templateParams?: string | null;
  description?: string | null;
}): SavedQueryCreateBody {
  return {
    label: query.name,
    db_id: query.dbId,
    catalog: query.catalog ?? null,
    schema: query.schema ?? null,
    sql: query.sql ?? '',
    template_parameters: query.templateParams ?? null,
    ...(query.description !== undefined && query.description !== null
      ? { description: query.description }
      : {}),
  };
}
