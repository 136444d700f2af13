import { describe, expect, it } from 'vitest';
import { compareBy, labelOf, listEnvelope, pageOf } from './listing.ts';

const meta = {
  title: 'List Things',
  listColumns: ['name', 'changed_by.first_name'],
  orderColumns: ['name'],
  label: labelOf,
};
const page = { count: 3, ids: [1, 2], result: [{ id: 1 }, { id: 2 }] };

describe('list answers', () => {
  it('builds Superset’s envelope', () => {
    expect(listEnvelope(page, meta)).toEqual({
      ...page,
      list_columns: ['name', 'changed_by.first_name'],
      label_columns: { name: 'Name', 'changed_by.first_name': 'Changed By First Name' },
      description_columns: {},
      order_columns: ['name'],
      list_title: 'List Things',
    });
  });

  it('keeps only the keys asked for, besides count, ids and result', () => {
    expect(listEnvelope(page, meta, ['list_title'])).toEqual({
      ...page,
      list_title: 'List Things',
    });
  });

  it('pages with a default size of 20, and -1 for everything', () => {
    const items = Array.from({ length: 45 }, (_, i) => i);
    expect(pageOf(items, {})).toHaveLength(20);
    expect(pageOf(items, { page: 2 })).toEqual([40, 41, 42, 43, 44]);
    expect(pageOf(items, { page_size: -1 })).toHaveLength(45);
  });

  it('orders numbers and text, breaking ties by id', () => {
    const rows = [
      { id: 3, v: 'b' },
      { id: 1, v: 'a' },
      { id: 2, v: 'b' },
    ];
    expect([...rows].sort(compareBy((r) => r.v, 'asc')).map((r) => r.id)).toEqual([1, 2, 3]);
    expect([...rows].sort(compareBy((r) => r.v, 'desc')).map((r) => r.id)[0]).not.toBe(1);
  });
});
