/**
 * One error model for server and client. The server raises `TesseraError`; the global handler
 * turns it into one of Superset's two envelopes (reference/superset-api.md, "Envelopes").
 */

export const ERROR_TYPES = [
  'GENERIC_DB_ENGINE_ERROR',
  'CONNECTION_INVALID_HOSTNAME_ERROR',
  'CONNECTION_PORT_CLOSED_ERROR',
  'CONNECTION_HOST_DOWN_ERROR',
  'CONNECTION_INVALID_USERNAME_ERROR',
  'CONNECTION_INVALID_PASSWORD_ERROR',
  'CONNECTION_ACCESS_DENIED_ERROR',
  'CONNECTION_UNKNOWN_DATABASE_ERROR',
  'CONNECTION_DATABASE_PERMISSIONS_ERROR',
  'TABLE_DOES_NOT_EXIST_ERROR',
  'COLUMN_DOES_NOT_EXIST_ERROR',
  'SCHEMA_DOES_NOT_EXIST_ERROR',
  'SYNTAX_ERROR',
  'DATABASE_SECURITY_ACCESS_ERROR',
  'TABLE_SECURITY_ACCESS_ERROR',
  'DATASOURCE_SECURITY_ACCESS_ERROR',
  'QUERY_SECURITY_ACCESS_ERROR',
  'MISSING_OWNERSHIP_ERROR',
  'SQLLAB_TIMEOUT_ERROR',
  'BACKEND_TIMEOUT_ERROR',
  'INVALID_SQL_ERROR',
  'DML_NOT_ALLOWED_ERROR',
  'INVALID_CTAS_QUERY_ERROR',
  'INVALID_CVAS_QUERY_ERROR',
  'RESULT_TOO_LARGE_ERROR',
  'RESULTS_BACKEND_NOT_CONFIGURED_ERROR',
  'GENERIC_BACKEND_ERROR',
  'GENERIC_COMMAND_ERROR',
  'INVALID_PAYLOAD_FORMAT_ERROR',
  'INVALID_PAYLOAD_SCHEMA_ERROR',
  'INVALID_TEMPLATE_PARAMS_ERROR',
  'MISSING_TEMPLATE_PARAMS_ERROR',
  'OBJECT_DOES_NOT_EXIST_ERROR',
  'DATABASE_NOT_FOUND_ERROR',
  'REPORT_NOTIFICATION_ERROR',
] as const;

export type ErrorType = (typeof ERROR_TYPES)[number];
export type ErrorLevel = 'info' | 'warning' | 'error';

export interface IssueCode {
  code: number;
  message: string;
}

/** Superset's issue codes (superset/errors.py); the message always reads `Issue N - ...`. */
export const ISSUE_CODES: Record<number, string> = {
  1000: 'The dataset is too large to query.',
  1001: 'The database is under an unusual load.',
  1002: 'The database returned an unexpected error.',
  1003: 'There is a syntax error in the SQL query. Perhaps there was a misspelling or a typo.',
  1004: 'The column was deleted or renamed in the database.',
  1005: 'The table was deleted or renamed in the database.',
  1006: 'One or more parameters specified in the query are missing.',
  1007: "The hostname provided can't be resolved.",
  1008: 'The port is closed.',
  1009: "The host might be down, and can't be reached on the provided port.",
  1010: 'Superset encountered an error while running a command.',
  1011: 'Superset encountered an unexpected error.',
  1012: 'The username provided when connecting to a database is not valid.',
  1013: 'The password provided when connecting to a database is not valid.',
  1014: 'Either the username or the password is wrong.',
  1015: 'Either the database is spelled incorrectly or does not exist.',
  1016: 'The schema was deleted or renamed in the database.',
  1017: "User doesn't have the proper permissions.",
  1018: 'One or more parameters needed to configure a database are missing.',
  1019: 'The submitted payload has the incorrect format.',
  1020: 'The submitted payload has the incorrect schema.',
  1021: 'Results backend needed for asynchronous queries is not configured.',
  1022: 'Database does not allow data manipulation.',
  1023: "The CTAS (create table as select) doesn't have a SELECT statement at the end.",
  1024: 'CVAS (create view as select) query has more than one statement.',
  1025: 'CVAS (create view as select) query is not a SELECT statement.',
  1026: 'Query is too complex and takes too long to run.',
  1027: 'The database is currently running too many queries.',
  1028: 'One or more parameters specified in the query are malformed.',
  1029: 'The object does not exist in the given database.',
  1030: 'The query has a syntax error.',
  1031: 'The results backend no longer has the data from the query.',
  1032: 'The query associated with the results was deleted.',
  1033: 'The results stored in the backend were stored in a different format, and no longer can be deserialized.',
  1034: 'The port number is invalid.',
  1035: 'Failed to start remote query on a worker.',
  1036: 'The database was deleted.',
  1037: 'Custom SQL fields cannot contain sub-queries.',
  1040: 'The submitted payload failed validation.',
};

/** Which issue codes accompany each error type (Superset's ERROR_TYPES_TO_ISSUE_CODES_MAPPING). */
const ISSUES_BY_TYPE: Partial<Record<ErrorType, number[]>> = {
  GENERIC_DB_ENGINE_ERROR: [1002],
  CONNECTION_INVALID_HOSTNAME_ERROR: [1007],
  CONNECTION_PORT_CLOSED_ERROR: [1008],
  CONNECTION_HOST_DOWN_ERROR: [1009],
  CONNECTION_INVALID_USERNAME_ERROR: [1012],
  CONNECTION_INVALID_PASSWORD_ERROR: [1013],
  CONNECTION_ACCESS_DENIED_ERROR: [1014, 1015],
  CONNECTION_UNKNOWN_DATABASE_ERROR: [1015],
  CONNECTION_DATABASE_PERMISSIONS_ERROR: [1017],
  TABLE_DOES_NOT_EXIST_ERROR: [1003, 1005],
  COLUMN_DOES_NOT_EXIST_ERROR: [1003, 1004],
  SCHEMA_DOES_NOT_EXIST_ERROR: [1003, 1016],
  SYNTAX_ERROR: [1030],
  DATABASE_SECURITY_ACCESS_ERROR: [1017],
  TABLE_SECURITY_ACCESS_ERROR: [1017],
  DATASOURCE_SECURITY_ACCESS_ERROR: [1017],
  QUERY_SECURITY_ACCESS_ERROR: [1017],
  MISSING_OWNERSHIP_ERROR: [1017],
  SQLLAB_TIMEOUT_ERROR: [1026, 1027],
  BACKEND_TIMEOUT_ERROR: [1000, 1001],
  INVALID_SQL_ERROR: [1003],
  DML_NOT_ALLOWED_ERROR: [1022],
  INVALID_CTAS_QUERY_ERROR: [1023],
  INVALID_CVAS_QUERY_ERROR: [1024, 1025],
  RESULT_TOO_LARGE_ERROR: [1000],
  RESULTS_BACKEND_NOT_CONFIGURED_ERROR: [1021],
  GENERIC_BACKEND_ERROR: [1011],
  GENERIC_COMMAND_ERROR: [1010],
  INVALID_PAYLOAD_FORMAT_ERROR: [1019],
  INVALID_PAYLOAD_SCHEMA_ERROR: [1020],
  INVALID_TEMPLATE_PARAMS_ERROR: [1028],
  MISSING_TEMPLATE_PARAMS_ERROR: [1006],
  OBJECT_DOES_NOT_EXIST_ERROR: [1029],
  DATABASE_NOT_FOUND_ERROR: [1011, 1036],
  REPORT_NOTIFICATION_ERROR: [1011],
};

export function issueCodesFor(type: ErrorType): IssueCode[] {
  return (ISSUES_BY_TYPE[type] ?? []).map((code) => ({
    code,
    message: `Issue ${code} - ${ISSUE_CODES[code]}`,
  }));
}

export interface SupersetErrorItem {
  message: string;
  error_type: ErrorType;
  level: ErrorLevel;
  extra: { issue_codes: IssueCode[]; [key: string]: unknown };
}

export type SimpleErrorBody = { message: string | Record<string, string[]> };
export type StructuredErrorBody = { errors: SupersetErrorItem[] };
export type ErrorBody = SimpleErrorBody | StructuredErrorBody;

export interface TesseraErrorOptions {
  /** When set, the error is answered in the structured `errors` envelope. */
  errorType?: ErrorType;
  level?: ErrorLevel;
  extra?: Record<string, unknown>;
  /** Field-level validation problems: answered as `{"message": {field: [problems]}}`. */
  fields?: Record<string, string[]>;
  cause?: unknown;
}

/**
 * An error whose message is fit to show a person. Anything else thrown inside the server is
 * answered as a generic 500 without its text, so driver messages and stacks never leak.
 */
export class TesseraError extends Error {
  readonly status: number;
  readonly errorType?: ErrorType;
  readonly level: ErrorLevel;
  readonly extra: Record<string, unknown>;
  readonly fields?: Record<string, string[]>;

  constructor(status: number, message: string, options: TesseraErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'TesseraError';
    this.status = status;
    this.errorType = options.errorType;
    this.level = options.level ?? 'error';
    this.extra = options.extra ?? {};
    this.fields = options.fields;
  }

  toBody(): ErrorBody {
    if (this.fields) return { message: this.fields };
    if (!this.errorType) return { message: this.message };
    return {
      errors: [
        {
          message: this.message,
          error_type: this.errorType,
          level: this.level,
          extra: { ...this.extra, issue_codes: issueCodesFor(this.errorType) },
        },
      ],
    };
  }
}

export const badRequest = (message: string, options?: TesseraErrorOptions) =>
  new TesseraError(400, message, options);
export const unauthorized = (message = 'Not authorized') => new TesseraError(401, message);
export const forbidden = (message = 'Forbidden', options?: TesseraErrorOptions) =>
  new TesseraError(403, message, options);
export const notFound = (message = 'Not found') => new TesseraError(404, message);
export const conflict = (message: string) => new TesseraError(409, message);
export const unprocessable = (message: string, options?: TesseraErrorOptions) =>
  new TesseraError(422, message, options);

export function isTesseraError(error: unknown): error is TesseraError {
  return error instanceof TesseraError;
}
