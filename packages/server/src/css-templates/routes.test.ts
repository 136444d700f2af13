import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';

/** `/api/v1/css_template/`: CRUD, the list and permissions. */

const BASE = '/api/v1/css_template';

describe('CSS template API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates, reads, lists, updates and deletes', async () => {
    const created = await t.call('alpha', {
      method: 'POST',
      url: `${BASE}/`,
      payload: { template_name: 'Dark', css: '.dashboard { background: #000; }' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json().result).toEqual({
      template_name: 'Dark',
      css: '.dashboard { background: #000; }',
    });
    const read = await t.call('gamma', { method: 'GET', url: `${BASE}/${id}` });
    expect(read.json().result).toMatchObject({ id, template_name: 'Dark' });
    const list = await t.call('gamma', {
      method: 'GET',
      url: `${BASE}/?q=(filters:!((col:template_name,opr:ct,value:dar)))`,
    });
    expect(list.json()).toMatchObject({ count: 1, ids: [id] });
    const updated = await t.call('alpha', {
      method: 'PUT',
      url: `${BASE}/${id}`,
      payload: { css: '' },
    });
    expect(updated.json().result).toEqual({ template_name: 'Dark', css: '' });
    expect((await t.call('alpha', { method: 'DELETE', url: `${BASE}/${id}` })).statusCode).toBe(
      200,
    );
    expect((await t.call('alpha', { method: 'GET', url: `${BASE}/${id}` })).statusCode).toBe(404);
  });

  it('refuses bad input and callers without the permission', async () => {
    let res = await t.call('alpha', {
      method: 'POST',
      url: `${BASE}/`,
      payload: { template_name: '' },
    });
    expect(res.statusCode).toBe(400);
    res = await t.call('gamma', {
      method: 'POST',
      url: `${BASE}/`,
      payload: { template_name: 'x' },
    });
    expect(res.statusCode).toBe(403);
    res = await t.call('anonymous', { method: 'GET', url: `${BASE}/` });
    expect(res.statusCode).toBe(401);
    res = await t.call('alpha', { method: 'PUT', url: `${BASE}/999999`, payload: { css: '' } });
    expect(res.statusCode).toBe(404);
  });
});
