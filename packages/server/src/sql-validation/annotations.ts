import type { SqlValidationAnnotation } from '@tessera/shared/api/sqlValidation';
import type { SqlProblem } from '../engines/types.ts';
import { lineAndColumn, type PlacedStatement } from './script.ts';

/**
 * A statement's problem as Superset's annotation: 1-based line and columns in the whole script,
 * `end_column` just past the token the problem points at (equal to `start_column` at the end of
 * the text). Without an offset the annotation names the statement's first line only.
 */
export function toAnnotation(
  script: string,
  statement: PlacedStatement,
  problem: SqlProblem,
): SqlValidationAnnotation {
  if (problem.offset === null) {
    return {
      line_number: lineAndColumn(script, statement.offset).line,
      start_column: null,
      end_column: null,
      message: problem.message,
    };
  }
  const offset = Math.min(Math.max(problem.offset, 0), statement.sql.length);
  const { line, column } = lineAndColumn(script, statement.offset + offset);
  const token = statement.tokens.find((t) => t.start <= offset && offset < t.end);
  const tokenText = token ? statement.sql.slice(offset, token.end) : '';
  // A token running over a line break (a string, a comment) is marked up to the break only.
  const length = tokenText.split('\n')[0]?.length ?? 0;
  return {
    line_number: line,
    start_column: column,
    end_column: column + length,
    message: problem.message,
  };
}
