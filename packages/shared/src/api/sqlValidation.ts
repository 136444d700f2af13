import { z } from 'zod';

/**
 * `POST /api/v1/database/{pk}/validate_sql/`: checks SQL without running it, as Superset's
 * endpoint of the same path does. Lines and columns are 1-based and point into the SQL as sent
 * (template markup included, when rendering kept its lines); a column is null when the engine
 * only said which line.
 */

export const ValidateSqlBody = z.object({
  sql: z.string(),
  catalog: z.string().nullable().optional(),
  schema: z.string().nullable().optional(),
  /** An object, or its JSON text as SQL Lab's editor keeps it (empty text is `{}`). */
  template_params: z
    .union([z.record(z.string(), z.unknown()), z.string()])
    .nullable()
    .optional(),
});
export type ValidateSqlBody = z.infer<typeof ValidateSqlBody>;

export const SqlValidationAnnotation = z.object({
  line_number: z.number().int().nullable(),
  start_column: z.number().int().nullable(),
  end_column: z.number().int().nullable(),
  message: z.string(),
});
export type SqlValidationAnnotation = z.infer<typeof SqlValidationAnnotation>;

/** An empty list when the SQL is valid. */
export const ValidateSqlAnswer = z.object({ result: z.array(SqlValidationAnnotation) });
export type ValidateSqlAnswer = z.infer<typeof ValidateSqlAnswer>;
