import { describe, expect, it } from 'vitest';
import {
  missingParametersError,
  PARAMETER_MISSING_ERR,
  renderSqlTemplate,
  undeclaredVariables,
} from './templates.ts';

describe('template variables nothing defines', () => {
  const none = (sql: string, params: Record<string, unknown> = {}) =>
    undeclaredVariables(sql, { params });

  it('names the variables a template reads that no parameter, macro or tag defines', () => {
    expect(none('SELECT * FROM flights WHERE dept = {{ dept }} AND {{ day.start }}')).toEqual([
      'dept',
      'day',
    ]);
    expect(none('SELECT {{ dept }}', { dept: 'x' })).toEqual([]);
    expect(none("SELECT '{{ url_param('who') }}', {{ current_user_id() }}")).toEqual([]);
    expect(
      none('{% set a = 1 %}{% for x in [1, 2] %}{{ a }}{{ x }}{{ loop.index }}{% endfor %}'),
    ).toEqual([]);
    expect(none('{% for x in xs %}{{ x }}{% endfor %}')).toEqual(['xs']);
    expect(none('SELECT {{ ids | join(", ") }} {{ f(sep=1) }}', { f: 1 })).toEqual(['ids']);
    expect(none('SELECT 1')).toEqual([]);
  });

  it('leaves alone a name only tested or given a default', () => {
    expect(none('{% if low %}{{ low }}{% endif %}')).toEqual(['low']);
    expect(none('{% if low is defined %}1{% endif %}{% if not high %}2{% endif %}')).toEqual([]);
    expect(none('SELECT {{ low | default(1) }}')).toEqual([]);
  });

  it('leaves syntax errors to the renderer, which says where', () => {
    expect(none('SELECT 1 {% if %}')).toEqual([]);
    expect(() => renderSqlTemplate('SELECT 1 {% if %}', {})).toThrow(/Line 1, Column/);
  });

  it("answers Superset's MISSING_TEMPLATE_PARAMS_ERROR naming them", () => {
    expect(() => renderSqlTemplate('SELECT {{ dept }}', { params: {} })).toThrow(
      `The parameter "dept" in your query is undefined. ${PARAMETER_MISSING_ERR}`,
    );
    const error = missingParametersError(['a', 'b'], { c: 1 });
    expect(error.status).toBe(400);
    expect(error.toBody()).toEqual({
      errors: [
        {
          message: `The following parameters in your query are undefined: "a", "b". ${PARAMETER_MISSING_ERR}`,
          error_type: 'MISSING_TEMPLATE_PARAMS_ERROR',
          level: 'error',
          extra: {
            undefined_parameters: ['a', 'b'],
            template_parameters: { c: 1 },
            issue_codes: [
              {
                code: 1006,
                message: 'Issue 1006 - One or more parameters specified in the query are missing.',
              },
            ],
          },
        },
      ],
    });
  });
});
