import { describe, expect, it } from 'vitest';
import { answeredSlug, answeredTitle, savedDashboardUrl } from './savedDashboard.ts';

describe('savedDashboardUrl', () => {
  it('uses the slug, else the id', () => {
    expect(savedDashboardUrl({ id: 3, slug: null })).toBe('/superset/dashboard/3/');
    expect(savedDashboardUrl({ id: 3, slug: '' })).toBe('/superset/dashboard/3/');
    expect(savedDashboardUrl({ id: 3, slug: 'q3-sales' })).toBe('/superset/dashboard/q3-sales/');
  });

  it('uses the id for a slug the path would read as an id or a uuid', () => {
    expect(savedDashboardUrl({ id: 3, slug: '2024' })).toBe('/superset/dashboard/3/');
    expect(savedDashboardUrl({ id: 3, slug: '-7' })).toBe('/superset/dashboard/3/');
    expect(savedDashboardUrl({ id: 3, slug: '1_000' })).toBe('/superset/dashboard/3/');
    expect(savedDashboardUrl({ id: 3, slug: '0f8fad5b-d9cb-469f-a165-70867728950e' })).toBe(
      '/superset/dashboard/3/',
    );
    expect(savedDashboardUrl({ id: 3, slug: '0f8fad5bd9cb469fa16570867728950e' })).toBe(
      '/superset/dashboard/3/',
    );
    expect(savedDashboardUrl({ id: 3, slug: '2024-q1' })).toBe('/superset/dashboard/2024-q1/');
    expect(savedDashboardUrl({ id: 3, slug: '1__0' })).toBe('/superset/dashboard/1__0/');
  });
});

describe('answers of a save', () => {
  it('takes the cleaned slug and the stored title from the answer', () => {
    expect(answeredSlug({ result: { slug: 'my-slug' } }, 'my slug!')).toBe('my-slug');
    // Nothing left after cleaning: no slug.
    expect(answeredSlug({ result: { slug: '' } }, '!!!')).toBeNull();
    expect(answeredSlug({ result: { slug: null } }, null)).toBeNull();
    expect(answeredSlug({ result: {} }, 'kept')).toBe('kept');
    expect(answeredTitle({ result: { dashboard_title: '[ untitled dashboard ]' } }, '')).toBe(
      '[ untitled dashboard ]',
    );
    expect(answeredTitle({ result: {} }, 'Sent')).toBe('Sent');
  });
});
