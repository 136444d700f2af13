import type { FormRule } from 'antd';
import type { z } from 'zod';

export interface ZodRuleOptions {
  /** What an untouched field counts as (`''` for text, `[]` for a multi-select). */
  empty?: unknown;
  /** An empty field is fine (an edit that keeps the stored value). */
  optional?: boolean;
}

/**
 * An antd form rule from a zod schema of `shared`: the client shows the very messages the server
 * answers with, and the rules live in one place.
 */
export function zodRule(schema: z.ZodType, options: ZodRuleOptions = {}): FormRule {
  const empty = options.empty ?? '';
  return {
    validator: async (_rule, value: unknown) => {
      const blank = value === undefined || value === null || value === '';
      if (blank && options.optional) return;
      const result = schema.safeParse(blank ? empty : value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value');
    },
  };
}
