import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_LIMITS } from '../../dashboards/bundle/files.ts';
import {
  importBundle,
  makeBundle,
  storeCounts,
  zipBody,
} from '../../dashboards/bundle/testBundle.ts';
import { DASHBOARD_CONFLICT_MESSAGE } from '../../dashboards/conflict.ts';
import { BASE, createDashboard } from '../../dashboards/testFixtures.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

/**
 * Issue 21 on dashboards, performed: a ZIP bomb sent to the import (item 8), bodies nested
 * thousands of levels deep and truncated multipart bodies on the dashboard routes (11), and two
 * editors saving the same dashboard (13).
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface RawEntry {
  name: string;
  /** The deflated bytes. */
  data: Buffer;
  /** What the ZIP says the entry inflates to (a bomb may lie). */
  declared: number;
}

/** A ZIP written by hand, so an entry can declare any size whatever its data inflates to. */
function rawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `size` bytes of YAML comment, deflated: a few hundred kilobytes for 200 MB. */
function deflatedFiller(size: number): Buffer {
  return deflateRawSync(Buffer.alloc(size, '#'), { level: 9 });
}

describe('dashboard import size (issue 21 item 8)', () => {
  it('refuses a small ZIP declaring five files of 200 MB, before inflating anything', async () => {
    const data = deflatedFiller(200 * 1024 * 1024);
    const zip = rawZip(
      [1, 2, 3, 4, 5].map((i) => ({
        name: `bundle/dashboards/bomb_${i}.yaml`,
        data,
        declared: 200 * 1024 * 1024,
      })),
    );
    expect(zip.length).toBeLessThan(2 * 1024 * 1024);
    const before = await storeCounts(t);
    const started = performance.now();
    const res = await importBundle(t, 'admin', zip);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/too large.*100 MB once uncompressed/);
    expect(await storeCounts(t)).toEqual(before);
  });

  it('stops inflating a file that lies about its size once the bound is passed', async () => {
    const limit = BUNDLE_LIMITS.maxBytes;
    // A lower bound keeps the test quick; the mechanism is the same at 100 MB.
    BUNDLE_LIMITS.maxBytes = 4 * 1024 * 1024;
    try {
      const zip = rawZip([
        {
          name: 'bundle/dashboards/liar.yaml',
          data: deflatedFiller(64 * 1024 * 1024),
          declared: 10,
        },
      ]);
      const res = await importBundle(t, 'admin', zip);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/too large/);
    } finally {
      BUNDLE_LIMITS.maxBytes = limit;
    }
  });

  it('refuses a bundle of too many files', async () => {
    const data = deflateRawSync(Buffer.from('a: 1\n'));
    const entries = Array.from({ length: BUNDLE_LIMITS.maxFiles + 1 }, (_, i) => ({
      name: `bundle/charts/c${i}.yaml`,
      data,
      declared: 5,
    }));
    const res = await importBundle(t, 'admin', rawZip(entries));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/at most 5000/);
  });
});

describe('truncated and deeply nested bodies (issue 21 item 11)', () => {
  const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

  it('answers 400 to a truncated multipart import', async () => {
    const { payload, headers } = await zipBody(await makeBundle({}));
    const res = await t.call('admin', {
      method: 'POST',
      url: `${BASE}/import/`,
      payload: payload.subarray(0, payload.length - 40),
      headers,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBeTruthy();
  });

  it('answers 422, naming the file, to a bundle whose YAML nests 5,000 levels deep', async () => {
    const before = await storeCounts(t);
    const yaml = `dashboard_title: Deep\nuuid: 6f1c8a52-0d0e-4f57-9d43-3f1f7c0f6b11\nposition: {}\nmetadata: {"a": ${deep(5000)}}\n`;
    const res = await importBundle(t, 'admin', await makeBundle({ 'dashboards/deep.yaml': yaml }));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(422);
    expect(Object.keys(res.json().errors[0].extra)).toContain('dashboards/deep.yaml');
    expect(await storeCounts(t)).toEqual(before);
  });

  it('answers 400 to a copy whose json_metadata nests 5,000 levels deep', async () => {
    const id = await createDashboard(t, { dashboard_title: 'Source' });
    for (const json_metadata of [
      `{"positions": ${deep(5000)}}`,
      `{"native_filter_configuration": [{"id": "x", "targets": ${deep(5000)}}]}`,
      `{"label_colors": {"a": ${deep(5000)}}}`,
    ]) {
      const res = await t.call('admin', {
        method: 'POST',
        url: `${BASE}/${id}/copy/`,
        payload: { dashboard_title: 'Copy', json_metadata },
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    }
  });

  it('answers 400 to a copy or permalink body nested 5,000 levels deep', async () => {
    const id = await createDashboard(t, { dashboard_title: 'Linked' });
    const nested = `{"dataMask": {"a": ${deep(5000)}}}`;
    for (const url of [`${BASE}/${id}/permalink`, `${BASE}/${id}/copy/`]) {
      const res = await t.call('admin', {
        method: 'POST',
        url,
        payload: nested,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    }
  });

  it('answers 400 to a PUT whose position_json nests 5,000 levels deep', async () => {
    const id = await createDashboard(t, { dashboard_title: 'Deep layout' });
    const res = await t.call('admin', {
      method: 'PUT',
      url: `${BASE}/${id}`,
      payload: {
        position_json: `{"ROOT_ID": {"id": "ROOT_ID", "type": "ROOT", "children": ${deep(5000)}}}`,
      },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
  });
});

describe('two editors saving one dashboard (issue 21 item 13)', () => {
  async function opened(id: number): Promise<number> {
    const res = await t.call('admin', {
      method: 'PUT',
      url: `${BASE}/${id}`,
      payload: { css: '' },
    });
    return res.json().last_modified_time as number;
  }

  it('refuses the later save with 409 when json_metadata says it was loaded before a change', async () => {
    const id = await createDashboard(t, { dashboard_title: 'Shared' });
    const loaded = await opened(id);
    // The other editor saves after this one loaded (a second later at least, as times are whole seconds).
    await t.store.db
      .updateTable('dashboards')
      .set({ changed_on: new Date((loaded + 5) * 1000).toISOString(), css: 'theirs' })
      .where('id', '=', id)
      .execute();
    const res = await t.call('admin', {
      method: 'PUT',
      url: `${BASE}/${id}`,
      payload: {
        css: 'mine',
        json_metadata: JSON.stringify({ color_scheme: 'x', last_modified_time: loaded }),
      },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ message: DASHBOARD_CONFLICT_MESSAGE });
    const stored = await t.store.db
      .selectFrom('dashboards')
      .select(['css', 'json_metadata'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.css).toBe('theirs');
  });

  it('refuses the later save with 409 through If-Unmodified-Since', async () => {
    const id = await createDashboard(t, { dashboard_title: 'Shared too' });
    const loaded = await opened(id);
    await t.store.db
      .updateTable('dashboards')
      .set({ changed_on: new Date((loaded + 5) * 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const res = await t.call('admin', {
      method: 'PUT',
      url: `${BASE}/${id}`,
      payload: { css: 'mine' },
      headers: { 'if-unmodified-since': new Date(loaded * 1000).toUTCString() },
    });
    expect(res.statusCode, res.body).toBe(409);
  });

  it('saves when nothing changed since, and overwrites when no version is stated', async () => {
    const id = await createDashboard(t, { dashboard_title: 'Calm' });
    const loaded = await opened(id);
    const same = await t.call('admin', {
      method: 'PUT',
      url: `${BASE}/${id}`,
      payload: { json_metadata: JSON.stringify({ last_modified_time: loaded }) },
    });
    expect(same.statusCode, same.body).toBe(200);
    const stored = await t.store.db
      .selectFrom('dashboards')
      .select('json_metadata')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // The precondition is not metadata: it is never stored.
    expect(stored.json_metadata).not.toContain('last_modified_time');
    await t.store.db
      .updateTable('dashboards')
      .set({ changed_on: new Date((loaded + 5) * 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const overwrite = await t.call('admin', {
      method: 'PUT',
      url: `${BASE}/${id}`,
      payload: { css: 'forced' },
    });
    expect(overwrite.statusCode, overwrite.body).toBe(200);
  });
});
