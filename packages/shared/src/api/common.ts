import { z } from 'zod';

/** One filter of a list `q`: `(col:slice_name,opr:ct,value:x)`. */
export const ListFilter = z.object({
  col: z.string(),
  opr: z.string(),
  value: z.unknown(),
});
export type ListFilter = z.infer<typeof ListFilter>;

/** The rison `q` of list endpoints. */
export const ListQuery = z
  .object({
    filters: z.array(ListFilter).optional(),
    order_column: z.string().optional(),
    order_direction: z.enum(['asc', 'desc']).optional(),
    page: z.number().int().min(0).optional(),
    page_size: z.number().int().min(-1).max(10000).optional(),
    columns: z.array(z.string()).optional(),
    keys: z.array(z.string()).optional(),
    select_columns: z.array(z.string()).optional(),
  })
  .strict();
export type ListQuery = z.infer<typeof ListQuery>;

export interface ListAnswer<T> {
  count: number;
  ids: number[];
  result: T[];
  list_columns: string[];
  label_columns: Record<string, string>;
  description_columns: Record<string, string>;
  order_columns: string[];
  list_title: string;
}

/**
 * The zod schema of a list answer whose rows are `item`. The five column/title keys are optional
 * because `keys` in `q` may leave them out, as Superset allows.
 */
export const listAnswerSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number(),
    ids: z.array(z.number()),
    result: z.array(item),
    list_columns: z.array(z.string()).optional(),
    label_columns: z.record(z.string(), z.string()).optional(),
    description_columns: z.record(z.string(), z.string()).optional(),
    order_columns: z.array(z.string()).optional(),
    list_title: z.string().optional(),
  });

/** Ids are 32-bit integers in the metadata store; a larger one is refused, never looked up. */
export const IdParam = z.object({ pk: z.coerce.number().int().positive().max(2147483647) });

export const ItemAnswer = <T extends z.ZodType>(result: T) => z.object({ id: z.number(), result });

export const MessageAnswer = z.object({ message: z.string() });

/** A related object as Superset nests it: owners, changed_by and the like. */
export const UserRef = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
});
export type UserRef = z.infer<typeof UserRef>;

/** Every field optional, all the way down: what `columns` in a list's `q` may leave of a row. */
export type Projected<T> =
  T extends Array<infer U>
    ? Projected<U>[]
    : T extends Record<string, unknown>
      ? { [K in keyof T]?: Projected<T[K]> } & Record<string, unknown>
      : T;

function projectSchema(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape: Record<string, z.ZodType> = {};
    for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      shape[key] = projectSchema(field).optional();
    }
    return z.looseObject(shape);
  }
  if (schema instanceof z.ZodNullable)
    return projectSchema(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodOptional)
    return projectSchema(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodArray) return z.array(projectSchema(schema.element as z.ZodType));
  return schema;
}

/**
 * A list row as the wire carries it: `columns` in `q` picks fields (and nested fields, like
 * `database.database_name`), so each is optional; fields the row type does not name pass through.
 */
export const projectedRow = <T extends z.ZodObject>(row: T) =>
  projectSchema(row) as z.ZodType<Projected<z.output<T>>>;
