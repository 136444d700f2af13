// Native filter value search on the 3M-row `flights` table: the query a value filter on
// `origin` sends while a user types (distinct values, search sent to the server, 1,000 at most),
// through POST /api/v1/chart/data. Warm (the answer cached, as when a second user types the same
// letters) against cold (`force: true`, the engine runs), in the same run. Aim (issue 15): under
// 100 ms warm. Run with `npm run bench -- filter-values`. It is a measurement, not a test.
import { performance } from 'node:perf_hooks';
import { selectFilterQuery } from '@tessera/shared/dashboard/filterQueries';
import type { NativeFilter } from '@tessera/shared/dashboard/nativeFilters';
import { startExamplesServer } from './support/examplesServer.ts';
import { machineLine } from './support/machine.ts';
import { figuresOf, formatFigures, formatRatio } from './support/measure.ts';

const RUNS = 15;
const AIM_WARM_MS = 100;
const SEARCHES = ['S', 'SF', 'SFO', 'L', 'LA', 'LAX'];

console.log(machineLine());
const examples = await startExamplesServer();
try {
  const flights = await examples.datasetId('flights');
  const filter = {
    id: 'NATIVE_FILTER-origin',
    type: 'NATIVE_FILTER',
    name: 'Origin',
    filterType: 'filter_select',
    targets: [{ datasetId: flights, column: { name: 'origin' } }],
    controlValues: { multiSelect: true, sortAscending: true },
  } as NativeFilter;

  const post = async (search: string, force: boolean) => {
    const body = { ...selectFilterQuery(filter, { search }), force };
    const start = performance.now();
    const reply = await examples.api.request('POST', '/api/v1/chart/data', body);
    const ms = performance.now() - start;
    const result = (reply.body as { result?: Array<{ rowcount: number; is_cached: boolean }> })
      .result?.[0];
    if (reply.status !== 200 || !result) {
      throw new Error(`chart data answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    }
    return { ms, rows: result.rowcount, cached: result.is_cached };
  };

  const cold: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    for (const search of SEARCHES) {
      cold.push((await post(search, true)).ms);
      const again = await post(search, false);
      if (!again.cached) throw new Error(`the search "${search}" was not answered from the cache`);
      warm.push(again.ms);
    }
  }
  const sample = await post('SF', false);
  console.log(`search "SF": ${sample.rows} origins`);
  const coldFigures = figuresOf('cold (engine)', cold);
  const warmFigures = figuresOf('warm (cached)', warm);
  console.log(formatFigures(coldFigures));
  console.log(formatFigures(warmFigures));
  console.log(formatRatio(coldFigures, warmFigures));
  console.log(
    `aim: warm under ${AIM_WARM_MS} ms: ${warmFigures.medianMs < AIM_WARM_MS ? 'met' : 'NOT met'}`,
  );
  console.log(machineLine());
} finally {
  await examples.stop();
}
