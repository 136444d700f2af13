import { FALLBACK_ERROR } from '@tessera/shared/clientErrors';
import { describe, expect, it } from 'vitest';
import { ClientError } from '../../../app/api.ts';
import {
  SORRY_AN_ERROR_OCCURRED,
  SORRY_AN_UNKNOWN_ERROR_OCCURRED,
  toolErrorText,
} from './thunks/editor.ts';

describe('the toast of a failed editor tool (format, share)', () => {
  it('says what the server said, else the spec\u2019s "Sorry" toasts', () => {
    expect(toolErrorText(new ClientError({ error: 'SQL too long', status: 400 }))).toBe(
      'SQL too long',
    );
    expect(toolErrorText(new ClientError({ error: FALLBACK_ERROR, status: 500 }))).toBe(
      'Sorry, an error occurred',
    );
    expect(toolErrorText(new TypeError('Failed to fetch'))).toBe(
      'Sorry, an unknown error occurred',
    );
    expect([SORRY_AN_ERROR_OCCURRED, SORRY_AN_UNKNOWN_ERROR_OCCURRED]).toEqual([
      'Sorry, an error occurred',
      'Sorry, an unknown error occurred',
    ]);
  });
});
