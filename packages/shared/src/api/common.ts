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
