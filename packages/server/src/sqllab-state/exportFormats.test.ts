import type { Readable } from 'node:stream';
import { type RecordBatch, tableFromArrays } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { csvStream, type ExportSource, xlsxStream } from './exportFormats.ts';

/** Ten batches of 1,000 rows that record how far they were read and whether they were closed. */
function trackedSource(limit = Number.POSITIVE_INFINITY) {
  const table = tableFromArrays({
    id: Int32Array.from({ length: 1000 }, (_, i) => i),
    ok: Array.from({ length: 1000 }, (_, i) => i % 2 === 0),
  });
  const batch = table.batches[0] as RecordBatch;
  const state = { pulled: 0, closed: false };
  async function* batches(): AsyncGenerator<RecordBatch> {
    try {
      for (let i = 0; i < 10; i++) {
        state.pulled += 1;
        yield batch;
      }
    } finally {
      state.closed = true;
    }
  }
  const source: ExportSource = {
    schema: table.schema,
    names: ['id', 'ok'],
    batches: batches(),
    limit,
  };
  return { source, state };
}

async function text(stream: Readable): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts).toString('utf8');
}

describe('streaming downloads', () => {
  it('pulls CSV batches only as the reader asks for them, and closes the source when abandoned', async () => {
    const { source, state } = trackedSource();
    const stream = csvStream(source);
    const iterator = stream[Symbol.asyncIterator]();
    expect((await iterator.next()).value.toString()).toBe('id,ok\n');
    await iterator.next();
    expect(state.pulled).toBeLessThanOrEqual(3);
    await iterator.return?.();
    expect(state.closed).toBe(true);
    expect(state.pulled).toBeLessThan(10);
  });

  it('writes booleans as words and stops at the limit, closing the source', async () => {
    const { source, state } = trackedSource(1500);
    const lines = (await text(csvStream(source))).trimEnd().split('\n');
    expect(lines).toHaveLength(1501);
    expect(lines.slice(1, 3)).toEqual(['0,true', '1,false']);
    expect(state.pulled).toBe(2);
    expect(state.closed).toBe(true);
  });

  it('stops the XLSX at the limit and closes the source', async () => {
    const { source, state } = trackedSource(2500);
    const bytes = await text(xlsxStream(source));
    expect(bytes.startsWith('PK')).toBe(true);
    expect(state.pulled).toBe(3);
    expect(state.closed).toBe(true);
  });
});
