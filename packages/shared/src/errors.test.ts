import { describe, expect, it } from 'vitest';
import { TesseraError } from './errors.ts';

describe('error envelopes', () => {
  it('answers a plain message', () => {
    expect(new TesseraError(404, 'Not found').toBody()).toEqual({ message: 'Not found' });
  });

  it('answers field problems as a message object', () => {
    expect(new TesseraError(400, 'x', { fields: { name: ['required'] } }).toBody()).toEqual({
      message: { name: ['required'] },
    });
  });

  it('answers a typed error in the errors envelope with issue codes', () => {
    const body = new TesseraError(400, 'DML is not allowed', {
      errorType: 'DML_NOT_ALLOWED_ERROR',
    }).toBody();
    expect(body).toEqual({
      errors: [
        {
          message: 'DML is not allowed',
          error_type: 'DML_NOT_ALLOWED_ERROR',
          level: 'error',
          extra: {
            issue_codes: [
              { code: 1022, message: 'Issue 1022 - Database does not allow data manipulation.' },
            ],
          },
        },
      ],
    });
  });
});
