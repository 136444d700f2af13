import { type Diagnostic, type LintSource, linter } from '@codemirror/lint';
import { sqllabRoutes } from '@tessera/shared/api/routes/sqllab';
import type {
  SqlValidationAnnotation,
  ValidateSqlAnswer,
  ValidateSqlBody,
} from '@tessera/shared/api/sqlValidation';
import { api, type CallOptions, ClientError } from '../../../app/api.ts';

/**
 * Inline SQL validation for the SQL Lab editor: a CodeMirror lint source that sends the editor's
 * text to `POST /api/v1/database/{pk}/validate_sql/` once typing pauses, and shows the server's
 * annotations as error diagnostics. It stays silent whenever it cannot help: no database, an
 * engine without a validator (422, remembered), any failed call (the run shows real errors).
 */

export const VALIDATION_DEBOUNCE_MS = 600;

/** How the validate call is made; the web app's API client unless a test passes its own. */
export type ValidateRequest = (
  databaseId: number,
  body: ValidateSqlBody,
  options: Pick<CallOptions, 'signal'>,
) => Promise<ValidateSqlAnswer>;

export interface SqlValidationOptions {
  databaseId: number | null | undefined;
  schema?: string | null;
  catalog?: string | null;
  /** The tab's template parameters as typed (JSON text; empty is `{}`). */
  templateParams?: string | Record<string, unknown> | null;
  request?: ValidateRequest;
  debounceMs?: number;
}

const defaultRequest: ValidateRequest = (databaseId, body, options) =>
  api.call(sqllabRoutes.validateSql, { params: { pk: databaseId }, body, ...options });

/** The document as the lint source sees it: CodeMirror's `Text` (1-based lines). */
interface LintDoc {
  readonly lines: number;
  line(n: number): { from: number; to: number };
  toString(): string;
}

/** Server annotations to diagnostics; lines and columns are 1-based, `end_column` exclusive. */
export function annotationsToDiagnostics(
  doc: LintDoc,
  annotations: readonly SqlValidationAnnotation[],
): Diagnostic[] {
  return annotations.map((annotation) => {
    const lineNumber = Math.min(Math.max(annotation.line_number ?? 1, 1), doc.lines);
    const line = doc.line(lineNumber);
    const clamp = (position: number) => Math.min(Math.max(position, line.from), line.to);
    if (annotation.start_column === null) {
      return { from: line.from, to: line.to, severity: 'error', message: annotation.message };
    }
    const from = clamp(line.from + annotation.start_column - 1);
    const end = annotation.end_column === null ? line.to : line.from + annotation.end_column - 1;
    return { from, to: Math.max(from, clamp(end)), severity: 'error', message: annotation.message };
  });
}

/**
 * The lint source: each call supersedes the previous one (its wait is cut short and its request
 * aborted, answering no diagnostics, which CodeMirror drops anyway for an outdated document).
 */
export function createSqlValidationSource(options: SqlValidationOptions): LintSource {
  const request = options.request ?? defaultRequest;
  const debounceMs = options.debounceMs ?? VALIDATION_DEBOUNCE_MS;
  let current: { controller: AbortController; cancelWait: () => void } | null = null;
  let unsupported = false;

  return async (view) => {
    current?.cancelWait();
    current?.controller.abort();
    const { databaseId } = options;
    const doc = view.state.doc as LintDoc;
    const sql = doc.toString();
    if (unsupported || databaseId === null || databaseId === undefined || sql.trim() === '')
      return [];

    const controller = new AbortController();
    let cancelWait = () => {};
    const waited = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(true), debounceMs);
      cancelWait = () => {
        clearTimeout(timer);
        resolve(false);
      };
    });
    const mine = { controller, cancelWait: () => cancelWait() };
    current = mine;
    if (!(await waited)) return [];

    const body: ValidateSqlBody = { sql };
    if (options.schema) body.schema = options.schema;
    if (options.catalog) body.catalog = options.catalog;
    if (options.templateParams) body.template_params = options.templateParams;
    try {
      const answer = await request(databaseId, body, {
        signal: controller.signal,
      });
      if (controller.signal.aborted) return [];
      return annotationsToDiagnostics(doc, answer.result);
    } catch (error) {
      if (error instanceof ClientError && error.status === 422) unsupported = true;
      return [];
    } finally {
      if (current === mine) current = null;
    }
  };
}

/** The editor extension: `extensions={[..., sqlValidationLinter({ databaseId, schema, ... })]}`. */
export function sqlValidationLinter(options: SqlValidationOptions) {
  // The source debounces itself (so superseded calls can be aborted), so CodeMirror's own
  // delay is kept short.
  return linter(createSqlValidationSource(options), { delay: 100 });
}
