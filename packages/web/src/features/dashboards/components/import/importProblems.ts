import type { ClientErrorObject } from '@tessera/shared/clientErrors';

/**
 * What a refused import asks of the user, read from the problems by file of its 422 answer the
 * way Superset's import dialog reads them: dashboards that exist (confirm the overwrite) and new
 * databases whose exported URI masks the password (type it). Anything else is a real failure.
 */

/** Superset's words in the answer's `extra`, by bundle file. */
const ALREADY_EXISTS = 'already exists and `overwrite=true` was not passed';
const PASSWORD_NEEDED = 'Must provide a password for the database';

export interface ImportQuestions {
  /** Files of dashboards that exist and would be replaced. */
  existing: string[];
  /** Files of databases that need a password. */
  passwords: string[];
}

const needsPassword = (problem: unknown) =>
  typeof problem === 'object' &&
  problem !== null &&
  Array.isArray((problem as { _schema?: unknown })._schema) &&
  (problem as { _schema: unknown[] })._schema.includes(PASSWORD_NEEDED);

const alreadyExists = (problem: unknown) =>
  typeof problem === 'string' && problem.includes(ALREADY_EXISTS);

/**
 * The questions to put to the user, or null when the answer holds a problem no answer of the
 * user can solve (a bad file, a permission) or is no import problem at all.
 */
export function importQuestions(error: ClientErrorObject): ImportQuestions | null {
  const questions: ImportQuestions = { existing: [], passwords: [] };
  const problems = (error.errors ?? []).map((e) => e.extra ?? {});
  if (problems.length === 0) return null;
  for (const extra of problems) {
    for (const [file, problem] of Object.entries(extra)) {
      if (file === 'issue_codes') continue;
      if (alreadyExists(problem)) questions.existing.push(file);
      else if (needsPassword(problem)) questions.passwords.push(file);
      else return null;
    }
  }
  return questions.existing.length || questions.passwords.length ? questions : null;
}

/** What the user must type to confirm an overwrite, as in Superset. */
export const OVERWRITE_WORD = 'OVERWRITE';
