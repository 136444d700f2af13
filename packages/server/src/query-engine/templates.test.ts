import { TesseraError } from '@tessera/shared/errors';
import { describe, expect, it } from 'vitest';
import { createRenderer } from './templates.ts';

const renderer = () =>
  createRenderer({
    fromDttm: '2024-01-01T00:00:00',
    toDttm: null,
    urlParams: { region: 'EU,US' },
    filters: [{ col: 'country', op: 'IN', val: ['FR', 'DE'] }],
    user: { id: 7, username: 'ada', email: 'ada@example.com' },
    templateParams: { threshold: 5, obj: { k: 1 }, arr: [3, 4] },
  });

describe('templates', () => {
  it("renders Superset's macros and the dataset's parameters", () => {
    const r = renderer();
    expect(r.render("{{ url_param('region') }}|{{ url_param('missing', 'none') }}")).toBe(
      'EU,US|none',
    );
    expect(r.render("{{ filter_values('country') | join(',') }}")).toBe('FR,DE');
    expect(
      r.render('{{ current_username() }} {{ current_user_id() }} {{ current_user_email() }}'),
    ).toBe('ada 7 ada@example.com');
    expect(r.render('{{ from_dttm }}|{{ to_dttm }}|{{ threshold }}')).toBe(
      '2024-01-01T00:00:00||5',
    );
    expect(r.render('{% for x in arr %}{{ loop.index }}:{{ x }} {% endfor %}{{ obj.k }}')).toBe(
      '1:3 2:4 1',
    );
    expect(r.appliedFilters()).toEqual(['country']);
  });

  it('leaves text without template syntax alone', () => {
    expect(renderer().render("SELECT '{x}'")).toBe("SELECT '{x}'");
  });

  it.each([
    '{{ range.constructor("return process")() }}',
    '{{ "".constructor.constructor("return 1")() }}',
    '{{ obj["__proto__"] }}',
    '{{ url_param.call }}',
  ])('refuses %s', (text) => {
    try {
      renderer().render(text);
      throw new Error('rendered');
    } catch (error) {
      expect(error).toBeInstanceOf(TesseraError);
      expect((error as TesseraError).message).toMatch(
        /^The template could not be rendered: .*is not allowed in templates/,
      );
    }
  });
});
