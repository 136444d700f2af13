// Post-processing of a 1,000,000-row result: the server's own pivot (then flatten, as a chart
// sends it) and rolling mean, called in-process on a generated frame; time and heap for each,
// next to the same computation written as a plain JavaScript loop, in the same run. Then the
// other row-wise operations on the same frame, next to one plain pass over a column; the heap
// the input frame holds after them (an operation must not change how its input is stored); and
// pivot and rolling again on the frame as the server reads it from Arrow batches.
// Run with `npm run bench -- postprocessing`. It is a measurement, not a test.
import { Float64, Table, TimestampMillisecond, Utf8, vectorFromArray } from 'apache-arrow';
import {
  type Cell,
  column,
  frameFromBatches,
  frameOf,
} from '../packages/server/src/query-engine/postprocessing/frame.ts';
import { applyPostProcessing } from '../packages/server/src/query-engine/postprocessing/index.ts';
import { collectGarbage, type HeapFigures, heapOf } from './support/heap.ts';
import { machineLine, mb } from './support/machine.ts';
import { formatFigures, formatRatio, measure } from './support/measure.ts';

const ROWS = 1_000_000;
const DAYS = 1000;
const COUNTRIES = ['AR', 'BR', 'CA', 'DE', 'ES', 'FR', 'IN', 'JP', 'UK', 'US'];
const DAY_MS = 86_400_000;
const START = Date.UTC(2022, 0, 1);
const WINDOW = 7;
const RUNS = { runs: 7, warmup: 2 };
const OTHER_RUNS = { runs: 5, warmup: 1 };

/** 1M rows, 1,000 rows a day for 1,000 days, ten countries; numbers from a fixed LCG. */
function generate(): Map<string, Cell[]> {
  // Filled by push (packed arrays, not holey): a frame built with frameOf. The server's own
  // frames, read from Arrow, hold numeric columns in typed arrays: measured further down.
  const ds: Cell[] = [];
  const country: Cell[] = [];
  const sales: Cell[] = [];
  const cost: Cell[] = [];
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  for (let i = 0; i < ROWS; i += 1) {
    ds.push(START + Math.floor(i / (ROWS / DAYS)) * DAY_MS);
    country.push(COUNTRIES[i % COUNTRIES.length] as string);
    sales.push(Math.round(next() * 10_000) / 100);
    cost.push(i % 97 === 0 ? null : Math.round(next() * 5_000) / 100);
  }
  return new Map([
    ['ds', ds],
    ['country', country],
    ['sales', sales],
    ['cost', cost],
  ]);
}

const PIVOT_RULES = [
  {
    operation: 'pivot',
    options: {
      index: ['ds'],
      columns: ['country'],
      aggregates: { sales: { operator: 'sum' }, cost: { operator: 'mean' } },
      drop_missing_columns: false,
    },
  },
  { operation: 'flatten', options: {} },
];

const ROLLING_RULES = [
  {
    operation: 'rolling',
    options: { rolling_type: 'mean', window: WINDOW, columns: { sales: 'sales' } },
  },
];

/** The other operations a chart sends, each alone on the 1M-row frame (resample on `ds`). */
const OTHER_RULES: Array<[string, Array<{ operation: string; options: Record<string, unknown> }>]> =
  [
    ['cum sum', [{ operation: 'cum', options: { operator: 'sum', columns: { sales: 'sales' } } }]],
    ['diff', [{ operation: 'diff', options: { periods: 1, columns: { sales: 'sales' } } }]],
    [
      'compare (percentage)',
      [
        {
          operation: 'compare',
          options: {
            source_columns: ['sales'],
            compare_columns: ['cost'],
            compare_type: 'percentage',
          },
        },
      ],
    ],
    [
      'contribution (row)',
      [{ operation: 'contribution', options: { orientation: 'row', columns: ['sales', 'cost'] } }],
    ],
    [
      'sort (country asc, sales desc)',
      [{ operation: 'sort', options: { by: ['country', 'sales'], ascending: [true, false] } }],
    ],
    ['resample 7D sum', [{ operation: 'resample', options: { rule: '7D', method: 'sum' } }]],
    [
      'rename + select',
      [
        { operation: 'rename', options: { columns: { sales: 'revenue' } } },
        { operation: 'select', options: { columns: ['ds', 'revenue'] } },
      ],
    ],
  ];

/** The pivot's numbers by hand: one pass into per-(day, country) sums, then the wide table. */
function pivotLoop(columns: Map<string, Cell[]>): Map<string, Cell[]> {
  const ds = columns.get('ds') as number[];
  const country = columns.get('country') as string[];
  const sales = columns.get('sales') as Array<number | null>;
  const cost = columns.get('cost') as Array<number | null>;
  const days = new Map<number, number>();
  const slots = new Map(COUNTRIES.map((c, i) => [c, i]));
  const k = COUNTRIES.length;
  const salesSum: number[] = [];
  const costSum: number[] = [];
  const costCount: number[] = [];
  for (let i = 0; i < ds.length; i += 1) {
    let day = days.get(ds[i] as number);
    if (day === undefined) {
      day = days.size;
      days.set(ds[i] as number, day);
      for (let j = 0; j < k; j += 1) {
        salesSum.push(0);
        costSum.push(0);
        costCount.push(0);
      }
    }
    const at = day * k + (slots.get(country[i] as string) as number);
    const s = sales[i];
    const c = cost[i];
    if (s !== null) salesSum[at] += s;
    if (c !== null) {
      costSum[at] += c;
      costCount[at] += 1;
    }
  }
  const out = new Map<string, Cell[]>([['ds', [...days.keys()]]]);
  COUNTRIES.forEach((c, j) => {
    out.set(
      `sales, ${c}`,
      [...days.values()].map((d) => salesSum[d * k + j] as number),
    );
  });
  COUNTRIES.forEach((c, j) => {
    out.set(
      `cost, ${c}`,
      [...days.values()].map((d) => {
        const n = costCount[d * k + j] as number;
        return n ? (costSum[d * k + j] as number) / n : null;
      }),
    );
  });
  return out;
}

/** One plain pass over a column into a new one: a running sum, the least a row-wise operation does. */
function onePass(columns: Map<string, Cell[]>): Cell[] {
  const values = columns.get('sales') as number[];
  const out = new Array<Cell>(values.length);
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) {
    sum += values[i] as number;
    out[i] = sum;
  }
  return out;
}

/** A rolling mean by hand: a running window sum, null until the window is full. */
function rollingLoop(columns: Map<string, Cell[]>): Cell[] {
  const values = columns.get('sales') as number[];
  const out = new Array<Cell>(values.length);
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) {
    sum += values[i] as number;
    if (i >= WINDOW) sum -= values[i - WINDOW] as number;
    out[i] = i >= WINDOW - 1 ? sum / WINDOW : null;
  }
  return out;
}

interface MemoryFigures {
  heap: HeapFigures;
  /** ArrayBuffer memory (typed arrays live outside the JS heap) right after the work. */
  afterBufferBytes: number;
  /** ArrayBuffer memory still held by the result after a full GC. */
  retainedBufferBytes: number;
}

/** `heapOf`, plus typed-array memory: the heap alone does not count it. */
function memoryOf(work: () => unknown): MemoryFigures {
  collectGarbage();
  const buffersBefore = process.memoryUsage().arrayBuffers;
  let afterBufferBytes = 0;
  const { heap } = heapOf(() => {
    const value = work();
    afterBufferBytes = process.memoryUsage().arrayBuffers - buffersBefore;
    return value;
  });
  return {
    heap,
    afterBufferBytes,
    retainedBufferBytes: process.memoryUsage().arrayBuffers - buffersBefore,
  };
}

const memoryLine = (name: string, memory: MemoryFigures) =>
  `${name} heap: ${mb(memory.heap.afterBytes)} in use right after (before GC) ` +
  `+ ${mb(memory.afterBufferBytes)} of typed arrays, ${mb(memory.heap.retainedBytes)} ` +
  `+ ${mb(memory.retainedBufferBytes)} retained by the result, ` +
  `committed heap +${mb(memory.heap.committedBytes)}`;

console.log(machineLine());
collectGarbage();
const heapAtStart = process.memoryUsage().heapUsed;
const generated = heapOf(generate);
const columns = generated.value;
const frame = frameOf(columns);
console.log(
  `input: ${frame.table.numRows()} rows x ${frame.table.numCols()} columns ` +
    `(ds, country, sales, cost), ${mb(generated.heap.retainedBytes)} of heap`,
);

// Same answers first: a benchmark of a wrong result measures nothing.
const pivoted = applyPostProcessing(frame, PIVOT_RULES);
const byHand = pivotLoop(columns);
const firstFr = pivoted.table.array('sales, FR')[0] as number;
const expectedFr = (byHand.get('sales, FR') as number[])[0] as number;
if (pivoted.table.numRows() !== DAYS || Math.abs(firstFr - expectedFr) > 1e-6) {
  throw new Error(`pivot disagrees with the loop: ${firstFr} vs ${expectedFr}`);
}
const rolled = applyPostProcessing(frame, ROLLING_RULES);
const lastRolled = rolled.table.array('sales')[ROWS - 1] as number;
const lastByHand = rollingLoop(columns)[ROWS - 1] as number;
if (Math.abs(lastRolled - lastByHand) > 1e-6) {
  throw new Error(`rolling disagrees with the loop: ${lastRolled} vs ${lastByHand}`);
}

const pivotHeap = memoryOf(() => applyPostProcessing(frame, PIVOT_RULES));
const pivotLoopHeap = memoryOf(() => pivotLoop(columns));
const pivotTime = await measure(
  'pivot+flatten (server)',
  () => applyPostProcessing(frame, PIVOT_RULES),
  RUNS,
);
const pivotLoopTime = await measure('pivot (plain loop)', () => pivotLoop(columns), RUNS);
const rollingHeap = memoryOf(() => applyPostProcessing(frame, ROLLING_RULES));
const rollingLoopHeap = memoryOf(() => rollingLoop(columns));
const rollingTime = await measure(
  `rolling mean, window ${WINDOW} (server)`,
  () => applyPostProcessing(frame, ROLLING_RULES),
  RUNS,
);
const rollingLoopTime = await measure(
  'rolling mean (plain loop)',
  () => rollingLoop(columns),
  RUNS,
);

console.log(`${ROWS} rows -> pivot of ${DAYS} days x ${COUNTRIES.length} countries x 2 metrics`);
console.log(formatFigures(pivotTime));
console.log(memoryLine('pivot+flatten (server)', pivotHeap));
console.log(formatFigures(pivotLoopTime));
console.log(memoryLine('pivot (plain loop)', pivotLoopHeap));
console.log(formatRatio(pivotLoopTime, pivotTime));
console.log(`${ROWS} rows -> rolling mean over ${WINDOW} rows of one column`);
console.log(formatFigures(rollingTime));
console.log(memoryLine(`rolling (server)`, rollingHeap));
console.log(formatFigures(rollingLoopTime));
console.log(memoryLine('rolling mean (plain loop)', rollingLoopHeap));
console.log(formatRatio(rollingLoopTime, rollingTime));

console.log(`${ROWS} rows -> other operations, each alone`);
const onePassTime = await measure(
  'one pass over a column (plain loop)',
  () => onePass(columns),
  OTHER_RUNS,
);
console.log(formatFigures(onePassTime));
const timeFrame = { ...frame, index: ['ds'] };
for (const [name, rules] of OTHER_RULES) {
  const input = name.startsWith('resample') ? timeFrame : frame;
  // The result's last column is read too: a sort may defer its work until rows are read.
  const figures = await measure(
    name,
    () => {
      const result = applyPostProcessing(input, rules);
      return column(result, result.table.columnNames().at(-1) as string);
    },
    OTHER_RUNS,
  );
  console.log(`${formatFigures(figures)}; ${formatRatio(onePassTime, figures)}`);
}

collectGarbage();
console.log(
  `heap in use after the operations (after GC, input frame alive): ` +
    `${mb(process.memoryUsage().heapUsed - heapAtStart)} above the start; ` +
    `the input took ${mb(generated.heap.retainedBytes)} when made`,
);

// The same frame as the server reads a DuckDB result: TIMESTAMP, VARCHAR and DOUBLE columns
// in Arrow batches of 2,048 rows, through frameFromBatches.
const arrowTable = new Table({
  ds: vectorFromArray(columns.get('ds') as Array<number | null>, new TimestampMillisecond()),
  country: vectorFromArray(columns.get('country') as Array<string | null>, new Utf8()),
  sales: vectorFromArray(columns.get('sales') as Array<number | null>, new Float64()),
  cost: vectorFromArray(columns.get('cost') as Array<number | null>, new Float64()),
});
const batches = arrowTable.batches.flatMap((batch) =>
  Array.from({ length: Math.ceil(batch.numRows / 2048) }, (_, i) =>
    batch.slice(i * 2048, (i + 1) * 2048),
  ),
);
const names = ['ds', 'country', 'sales', 'cost'];
const readTime = await measure(
  'frame from Arrow batches',
  () => frameFromBatches(names, batches),
  OTHER_RUNS,
);
const arrowFrame = heapOf(() => frameFromBatches(names, batches));
const arrowPivotTime = await measure(
  'pivot+flatten (server, frame from Arrow)',
  () => applyPostProcessing(arrowFrame.value, PIVOT_RULES),
  RUNS,
);
const arrowRollingTime = await measure(
  'rolling mean (server, frame from Arrow)',
  () => applyPostProcessing(arrowFrame.value, ROLLING_RULES),
  RUNS,
);
console.log(`${ROWS} rows read from ${batches.length} Arrow batches, as the server reads a result`);
console.log(
  `${formatFigures(readTime)}; the frame holds ${mb(arrowFrame.heap.retainedBytes)} of heap`,
);
console.log(`${formatFigures(arrowPivotTime)}; ${formatRatio(pivotLoopTime, arrowPivotTime)}`);
console.log(
  `${formatFigures(arrowRollingTime)}; ${formatRatio(rollingLoopTime, arrowRollingTime)}`,
);

console.log(machineLine());
