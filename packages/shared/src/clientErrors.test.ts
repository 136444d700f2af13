import { describe, expect, it } from 'vitest';
import {
  networkError,
  normaliseErrorReply,
  SESSION_TIMED_OUT_MESSAGE,
  statusText,
  timeoutError,
} from './clientErrors.ts';

describe('normalising a failed reply', () => {
  it('takes message, description and link from the first item of errors', () => {
    const body = JSON.stringify({
      errors: [
        {
          message: 'Table "x" does not exist',
          error_type: 'TABLE_DOES_NOT_EXIST_ERROR',
          level: 'error',
          extra: { link: 'https://docs', issue_codes: [] },
        },
        { message: 'second', error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error' },
      ],
    });
    const result = normaliseErrorReply(400, body);
    expect(result.error).toBe('Table "x" does not exist');
    expect(result.link).toBe('https://docs');
    expect(result.errors).toHaveLength(2);
  });

  it('gives the first entry of a message object, or Invalid input', () => {
    expect(
      normaliseErrorReply(
        400,
        JSON.stringify({ message: { database_name: ['Missing data for required field.'] } }),
      ).error,
    ).toBe('Missing data for required field.');
    expect(normaliseErrorReply(400, JSON.stringify({ message: { x: [] } })).error).toBe(
      'Invalid input',
    );
  });

  it('turns a stack into Unexpected error with the trace', () => {
    const result = normaliseErrorReply(500, JSON.stringify({ stack: 'Error: boom\n at x' }));
    expect(result.error).toBe('Unexpected error: Error: boom\n at x');
  });

  it('replaces any CSRF failure with the session-timed-out message', () => {
    expect(
      normaliseErrorReply(400, JSON.stringify({ message: 'The CSRF token is missing.' })).error,
    ).toBe(SESSION_TIMED_OUT_MESSAGE);
    expect(normaliseErrorReply(400, '400 Bad Request: The CSRF token has expired.').error).toBe(
      SESSION_TIMED_OUT_MESSAGE,
    );
  });

  it('falls back to the status text table, then Unknown error', () => {
    expect(normaliseErrorReply(404, '<html>').error).toBe('Not found');
    expect(normaliseErrorReply(413, '').error).toBe('Payload too large');
    expect(normaliseErrorReply(599, '').error).toBe('Network error');
    expect(normaliseErrorReply(299, '').error).toBe('Unknown error');
    expect(normaliseErrorReply(0, '').error).toBe('An error occurred');
  });

  it('has the spec status texts', () => {
    expect(
      [
        400, 401, 402, 403, 404, 405, 406, 408, 409, 410, 413, 415, 500, 501, 502, 503, 504, 599,
      ].map(statusText),
    ).toEqual([
      'Bad request',
      'Unauthorized',
      'Payment required',
      'Forbidden',
      'Not found',
      'Method not allowed',
      'Not acceptable',
      'Request timeout',
      'Conflict',
      'Gone',
      'Payload too large',
      'Unsupported media type',
      'Server error',
      'Not implemented',
      'Bad gateway',
      'Service unavailable',
      'Gateway timeout',
      'Network error',
    ]);
  });

  it('reports a failed fetch as Network error', () => {
    expect(networkError().error).toBe('Network error');
  });

  it('reports a timeout as Request timed out with issues 1000 and 1001', () => {
    const result = timeoutError(60);
    expect(result.error).toBe('Request timed out');
    expect(result.errors?.[0]?.extra?.issue_codes).toEqual([
      { code: 1000, message: 'Issue 1000 - The dataset is too large to query.' },
      { code: 1001, message: 'Issue 1001 - The database is under an unusual load.' },
    ]);
  });
});
