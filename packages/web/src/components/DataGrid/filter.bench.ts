/**
 * The grid's filter over a flights-like 1,000,000 x 5 Arrow result (timestamp, two integers, two
 * texts), as SQL Lab gets it: every column searched, the first keystroke and the ones after it.
 * Prints each filter's time through `textSlice` (what the grid does) and, for comparison, through
 * `text()` cell by cell (a source without `textSlice`), with and without a sort order.
 * Run: `npx tsx packages/web/src/components/DataGrid/filter.bench.ts`.
 */
import { Int32, Table, TimestampMillisecond, Utf8, vectorFromArray } from 'apache-arrow';
import { arrowGridData } from './arrowData.ts';
import { filterRows } from './filter.ts';

const ROWS = 1_000_000;

function flights(): Table {
  const date = new Array<number>(ROWS);
  const delay = new Array<number>(ROWS);
  const distance = new Array<number>(ROWS);
  const origin = new Array<string>(ROWS);
  const destination = new Array<string>(ROWS);
  const airports = ['ATL', 'ORD', 'DFW', 'LAX', 'PHX', 'DEN', 'IAH', 'LAS', 'DTW', 'SFO'];
  for (let i = 0; i < ROWS; i += 1) {
    date[i] = Date.UTC(2001, 0, 1) + i * 60_000;
    delay[i] = (i % 300) - 20;
    distance[i] = (i * 7) % 2500;
    origin[i] = airports[i % 10];
    destination[i] = airports[(i * 3 + 1) % 10];
  }
  const table = new Table({
    date: vectorFromArray(date, new TimestampMillisecond()),
    delay: vectorFromArray(delay, new Int32()),
    distance: vectorFromArray(distance, new Int32()),
    origin: vectorFromArray(origin, new Utf8()),
    destination: vectorFromArray(destination, new Utf8()),
  });
  return table;
}

const table = flights();
const data = arrowGridData(table);
const cellByCell = { ...data, textSlice: undefined };
const all = [0, 1, 2, 3, 4];
// A sort's permutation: every row, scattered.
const order = new Uint32Array(ROWS);
for (let i = 0; i < ROWS; i += 1) order[i] = (i * 7919) % ROWS;
const time = (run: () => Uint32Array) => {
  const started = performance.now();
  const matches = run();
  return { ms: performance.now() - started, rows: matches.length };
};
for (const needle of ['a', 'atl', 'xyz', '2001-01-05', '17', 'sfo']) {
  const fast = time(() => filterRows(data, null, needle, all));
  const sorted = time(() => filterRows(data, order, needle, all));
  const slow = time(() => filterRows(cellByCell, null, needle, all));
  console.log(
    `filter "${needle}" over ${ROWS.toLocaleString('en-US')} x 5: ${fast.ms.toFixed(0)} ms (${fast.rows} rows), sorted ${sorted.ms.toFixed(0)} ms, cell by cell ${slow.ms.toFixed(0)} ms: ${(slow.ms / fast.ms).toFixed(1)}x`,
  );
}
