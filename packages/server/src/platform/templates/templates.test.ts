import { TesseraError } from '@tessera/shared/errors';
import { describe, expect, it } from 'vitest';
import { parseTemplateParams } from './params.ts';
import { createRenderer, renderTemplate } from './render.ts';

const renderer = () =>
  createRenderer({
    fromDttm: '2024-01-01T00:00:00',
    toDttm: null,
    urlParams: { region: 'EU,US', quote: "O'Brien", many: ['a', 'b'] },
    filters: [
      { col: 'country', op: 'IN', val: ['FR', 'DE'] },
      { col: 'year', op: '>=', val: 2000 },
    ],
    user: { id: 7, username: 'ada', email: 'ada@example.com', roles: ['Alpha'] },
    params: { threshold: 5, obj: { k: 1 }, arr: [3, 4], name: ' Ada ' },
  });

function refusal(text: string): TesseraError {
  try {
    renderer().render(text);
  } catch (error) {
    expect(error).toBeInstanceOf(TesseraError);
    return error as TesseraError;
  }
  throw new Error(`rendered: ${text}`);
}

describe('templates', () => {
  it("renders Superset's macros and the template parameters", () => {
    const r = renderer();
    expect(r.render("{{ url_param('region') }}|{{ url_param('missing', 'none') }}")).toBe(
      'EU,US|none',
    );
    expect(r.render("{{ filter_values('country') | join(',') }}")).toBe('FR,DE');
    expect(
      r.render('{{ current_username() }} {{ current_user_id() }} {{ current_user_email() }}'),
    ).toBe('ada 7 ada@example.com');
    expect(r.render('{{ current_user_roles() | join }}')).toBe('Alpha');
    expect(r.render('{{ from_dttm }}|{{ to_dttm }}|{{ threshold }}')).toBe(
      '2024-01-01T00:00:00||5',
    );
    expect(r.render('{% for x in arr %}{{ loop.index }}:{{ x }} {% endfor %}{{ obj.k }}')).toBe(
      '1:3 2:4 1',
    );
    expect(r.appliedFilters()).toEqual(['country']);
  });

  it('gives get_filters every operator and filter_values its default', () => {
    const r = renderer();
    expect(r.render("{% for f in get_filters('year') %}{{ f.op }} {{ f.val }}{% endfor %}")).toBe(
      '>= 2000',
    );
    expect(r.render("{{ filter_values('city', 'Paris') | join }}")).toBe('Paris');
    expect(r.render("{{ filter_values('city') | length }}")).toBe('0');
    expect(r.appliedFilters()).toEqual(['year']);
  });

  it('escapes quotes in url_param values unless asked not to, and takes the first of many', () => {
    const r = renderer();
    expect(r.render("'{{ url_param('quote') }}'")).toBe("'O''Brien'");
    expect(r.render("{{ url_param('quote', None, True, False) }}")).toBe("O'Brien");
    expect(r.render("{{ url_param('many') }}")).toBe('a');
  });

  it('works as Jinja users write it: if/elif/else, is none, Python literals and methods', () => {
    const r = renderer();
    expect(
      r.render('{% if threshold > 10 %}big{% elif threshold > 3 %}mid{% else %}small{% endif %}'),
    ).toBe('mid');
    expect(r.render('{% if missing is none or missing is not defined %}x{% endif %}')).toBe('x');
    expect(r.render('{% if True and not False %}yes{% endif %}{{ None }}')).toBe('yes');
    expect(r.render("{{ name.strip().upper() }}|{{ 'a,b'.split(',') | length }}")).toBe('ADA|2');
    expect(r.render("{{ obj.get('k') }}|{{ obj.get('z', 9) }}|{{ obj.keys() | join }}")).toBe(
      '1|9|k',
    );
    expect(r.render("{{ ', '.join(['x', 'y']) }}")).toBe('x, y');
    expect(r.render("{{ filter_values('country') | where_in }}")).toBe("('FR', 'DE')");
    expect(r.render('{{ obj | tojson }}')).toBe('{"k":1}');
    expect(r.render('{{ obj.missing }}|{{ nothing }}')).toBe('|');
  });

  it('leaves text without template syntax alone', () => {
    expect(renderer().render("SELECT '{x}'")).toBe("SELECT '{x}'");
    expect(renderTemplate('SELECT 1')).toBe('SELECT 1');
  });

  it.each([
    '{{ range.constructor("return process")() }}',
    '{{ "".constructor.constructor("return 1")() }}',
    '{{ obj["__proto__"] }}',
    '{{ arr.constructor }}',
    '{{ url_param.call }}',
    '{{ url_param.apply }}',
    '{{ threshold.toFixed(2) }}',
    '{{ __proto__.hasOwnProperty }}',
    '{{ cycler.prototype }}',
    '{{ "x".concat }}',
  ])('refuses %s', (text) => {
    const error = refusal(text);
    expect(error.status).toBe(400);
    expect(error.errorType).toBe('INVALID_TEMPLATE_PARAMS_ERROR');
    expect(error.message).toMatch(
      /^The template could not be rendered: .*is not allowed in templates/,
    );
  });

  it('refuses calling Object or its prototype methods reached through the context', () => {
    expect(refusal('{{ constructor("x") }}').message).toContain('is not allowed in templates');
    expect(refusal('{{ valueOf() }}').message).toContain('is not allowed in templates');
  });

  it('says where a syntax error is', () => {
    const error = refusal('SELECT 1 {% if %}');
    expect(error.message).toMatch(/^The template could not be rendered: \[Line 1, Column \d+\]/);
  });
});

describe('parseTemplateParams', () => {
  it('reads a JSON object; empty or missing text is {}', () => {
    expect(parseTemplateParams('{"a": 1}')).toEqual({ a: 1 });
    expect(parseTemplateParams('')).toEqual({});
    expect(parseTemplateParams('   ')).toEqual({});
    expect(parseTemplateParams(null)).toEqual({});
    expect(parseTemplateParams(undefined)).toEqual({});
    expect(parseTemplateParams({ b: 2 })).toEqual({ b: 2 });
  });

  it('answers bad JSON with a 400 saying where', () => {
    const error = (() => {
      try {
        parseTemplateParams('{\n  "x": 1,\n  oops\n}');
      } catch (e) {
        return e as TesseraError;
      }
      throw new Error('parsed');
    })();
    expect(error.status).toBe(400);
    expect(error.errorType).toBe('INVALID_TEMPLATE_PARAMS_ERROR');
    expect(error.message).toBe(
      'The template parameters are not valid JSON: unexpected "oops" at line 3, column 3',
    );
    expect(() => parseTemplateParams('[1]')).toThrow(
      'The template parameters must be a JSON object, such as {"name": "value"}',
    );
  });

  it("answers a stored field's bad JSON with Superset's field error", () => {
    try {
      parseTemplateParams('{nope', { field: 'template_params' });
      throw new Error('parsed');
    } catch (error) {
      expect((error as TesseraError).fields).toEqual({
        template_params: ['Field cannot be decoded by JSON.'],
      });
    }
  });
});
