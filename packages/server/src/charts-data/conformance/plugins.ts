/**
 * Test support: query contexts built as Superset's newest published chart plugins build them
 * (@superset-ui/core's buildQueryObject and normalizeTimeColumn, @superset-ui/chart-controls
 * 0.20.3's operators, and the buildQuery of every chart type Tessera draws, as published in
 * @superset-ui/plugin-chart-echarts 0.20.3: timeseries and mixed timeseries, sankey, pie, funnel,
 * gauge, radar, sunburst, treemap, graph, bubble, box plot, histogram, heatmap, waterfall, big
 * numbers; table, pivot table and word cloud in their own packages). World map and MapBox are
 * legacy-API plugins in their newest published versions (0.20.3): theirs follow WorldMapViz's and
 * MapboxViz's query_obj (for the world map, Superset's own later buildQuery). Re-written here from
 * their behaviour so that the conformance suite sends exactly what a Superset client sends,
 * without the packages as dependencies.
 */

export type FormData = Record<string, unknown>;
type QueryObject = Record<string, unknown>;
type Rule = { operation: string; options?: Record<string, unknown> };

const TIME_COMPARISON_SEPARATOR = '__';
const COMPARISON_TYPES = ['values', 'difference', 'percentage', 'ratio'];

const asArray = <T>(value: T | T[] | null | undefined): T[] =>
  value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];

export const metricLabel = (metric: unknown): string => {
  if (typeof metric === 'string') return metric;
  const m = metric as { label?: string; aggregate?: string; column?: { column_name: string } };
  return m.label ?? `${m.aggregate}(${m.column?.column_name})`;
};

const columnLabel = (column: unknown): string =>
  typeof column === 'string' ? column : ((column as { label?: string }).label ?? '');

/** The fields every plugin starts from (buildQueryObject): filters from adhoc_filters, extras. */
function buildQueryObject(formData: FormData): QueryObject {
  const filters = asArray(formData.adhoc_filters as Array<Record<string, unknown>>).map((f) => ({
    col: f.subject,
    op: f.operator,
    ...(f.comparator === undefined ? {} : { val: f.comparator }),
  }));
  return {
    time_range: formData.time_range ?? 'No filter',
    granularity: formData.granularity_sqla,
    // extractQueryFields: `groupby` and `columns` both land in the query's columns.
    columns: [...asArray(formData.groupby), ...asArray(formData.columns)],
    metrics: asArray(formData.metrics ?? formData.metric),
    orderby: [],
    annotation_layers: [],
    row_limit: formData.row_limit ?? 10000,
    series_columns: [],
    series_limit: formData.limit ?? 0,
    series_limit_metric: formData.timeseries_limit_metric,
    order_desc: formData.order_desc ?? true,
    url_params: {},
    custom_params: {},
    extras: { having: '', where: '', time_grain_sqla: formData.time_grain_sqla },
    filters,
    applied_time_extras: {},
  };
}

/** The x-axis as a BASE_AXIS column carrying the grain, the grain taken out of extras. */
function normalizeTimeColumn(formData: FormData, query: QueryObject): QueryObject {
  const xAxis = formData.x_axis;
  const columns = query.columns as unknown[];
  const at = columns.indexOf(xAxis);
  if (typeof xAxis !== 'string' || at < 0) return query;
  const extras = { ...(query.extras as Record<string, unknown>) };
  const grain = extras.time_grain_sqla;
  delete extras.time_grain_sqla;
  const mutated = [...columns];
  mutated[at] = {
    timeGrain: grain,
    columnType: 'BASE_AXIS',
    sqlExpression: xAxis,
    label: xAxis,
    expressionType: 'SQL',
  };
  const { is_timeseries: _drop, ...rest } = query;
  return { ...rest, extras, columns: mutated };
}

function buildQueryContext(formData: FormData, queries: QueryObject[]) {
  return {
    datasource: { id: formData.datasource_id, type: formData.datasource_type ?? 'table' },
    force: false,
    queries: queries.map((q) => normalizeTimeColumn(formData, q)),
    form_data: formData,
    result_format: 'json',
    result_type: 'full',
  };
}

function metricOffsets(formData: FormData, query: QueryObject): Map<string, string> {
  const map = new Map<string, string>();
  for (const metric of asArray(query.metrics).map(metricLabel)) {
    for (const offset of asArray(formData.time_compare as string[])) {
      map.set([metric, offset].join(TIME_COMPARISON_SEPARATOR), metric);
    }
  }
  return map;
}

const isTimeComparison = (formData: FormData, query: QueryObject) =>
  COMPARISON_TYPES.includes(String(formData.comparison_type)) &&
  metricOffsets(formData, query).size > 0;

function pivotOperator(formData: FormData, query: QueryObject): Rule | undefined {
  const metrics = asArray(query.metrics).map(metricLabel);
  const xAxis = formData.x_axis as string | undefined;
  if (!xAxis || metrics.length === 0) return undefined;
  const comparing = isTimeComparison(formData, query);
  const offsets = metricOffsets(formData, query);
  const aggregated = comparing ? [...offsets.values(), ...offsets.keys()] : metrics;
  return {
    operation: 'pivot',
    options: {
      index: [xAxis],
      columns: asArray(query.columns).map(columnLabel),
      aggregates: Object.fromEntries(aggregated.map((m) => [m, { operator: 'mean' }])),
      drop_missing_columns: !formData.show_empty_columns,
    },
  };
}

function rollingWindowOperator(formData: FormData, query: QueryObject): Rule | undefined {
  const columns = asArray(query.metrics).map(metricLabel);
  const mapping = Object.fromEntries(columns.map((c) => [c, c]));
  if (formData.rolling_type === 'cumsum') {
    return {
      operation: 'cum',
      options: { operator: 'sum', columns: mapping, is_pivot_df: true },
    };
  }
  if (['sum', 'mean', 'std'].includes(String(formData.rolling_type))) {
    return {
      operation: 'rolling',
      options: {
        rolling_type: formData.rolling_type,
        window: Number(formData.rolling_periods ?? 1),
        min_periods: Number(formData.min_periods ?? 0),
        columns: mapping,
        is_pivot_df: true,
      },
    };
  }
  return undefined;
}

function timeCompareOperator(formData: FormData, query: QueryObject): Rule | undefined {
  if (!isTimeComparison(formData, query) || formData.comparison_type === 'values') return;
  const offsets = metricOffsets(formData, query);
  return {
    operation: 'compare',
    options: {
      source_columns: [...offsets.values()],
      compare_columns: [...offsets.keys()],
      compare_type: formData.comparison_type,
      drop_original_columns: true,
    },
  };
}

/** Orderby as normalizeOrderBy leaves it: the series limit metric, else the first metric. */
function orderBy(query: QueryObject): unknown[] {
  const by = query.series_limit_metric ?? asArray(query.metrics)[0];
  return by === undefined ? [] : [[by, !query.order_desc]];
}

/**
 * One timeseries query (Timeseries, and each query of MixedTimeseries): the x-axis as getXAxisColumn
 * makes it (so normalizeTimeColumn leaves the grain in extras too) and the series, pivoted, rolled,
 * compared, renamed (truncate_metric) and flattened.
 */
function timeseriesObject(formData: FormData): QueryObject {
  const base = buildQueryObject(formData);
  const groupby = asArray(formData.groupby);
  const xAxisSet = Boolean(formData.x_axis);
  return {
    ...base,
    columns: [...(xAxisSet ? [xAxisColumn(formData)] : []), ...groupby],
    series_columns: groupby,
    ...(xAxisSet ? {} : { is_timeseries: true }),
    orderby: orderBy(base),
    time_offsets: isTimeComparison(formData, base) ? formData.time_compare : [],
    post_processing: [
      pivotOperator(formData, base),
      rollingWindowOperator(formData, base),
      timeCompareOperator(formData, base),
      renameOperator(formData, base),
      { operation: 'flatten' },
    ].filter(Boolean),
  };
}

/** @superset-ui/plugin-chart-echarts Timeseries (line, bar, area, scatter, step). */
export function timeseriesQuery(formData: FormData) {
  return buildQueryContext(formData, [timeseriesObject(formData)]);
}

/** @superset-ui/plugin-chart-echarts Sankey: its two columns sent as the deprecated `groupby`. */
export function sankeyQuery(formData: FormData) {
  const base = buildQueryObject({ ...formData, groupby: undefined });
  return buildQueryContext(formData, [
    {
      ...base,
      groupby: [formData.source, formData.target],
      ...(formData.sort_by_metric ? { orderby: [[formData.metric, false]] } : {}),
    },
  ]);
}

/** @superset-ui/plugin-chart-echarts BigNumberPeriodOverPeriod with "Inherit range". */
export function periodOverPeriodQuery(formData: FormData) {
  const base = buildQueryObject(formData);
  return buildQueryContext(formData, [
    {
      ...base,
      groupby: formData.cols,
      post_processing: [],
      time_offsets: asArray(formData.time_compare),
    },
  ]);
}

/**
 * Charts whose query is one row per group of their group-by (or `columns`), the metric descending
 * when sorted by it: pie, word cloud (its `series`), funnel, gauge, sunburst, treemap.
 */
export function dimensionsQuery(formData: FormData) {
  const base = buildQueryObject({
    ...formData,
    groupby: formData.groupby ?? formData.series,
    metrics: [formData.metric],
  });
  return buildQueryContext(formData, [
    {
      ...base,
      ...(formData.sort_by_metric ? { orderby: [[formData.metric, false]] } : {}),
    },
  ]);
}

/** @superset-ui/plugin-chart-echarts BigNumberTotal: the metric alone. */
export function bigNumberTotalQuery(formData: FormData) {
  return buildQueryContext(formData, [
    buildQueryObject({ ...formData, metrics: [formData.metric] }),
  ]);
}

/** @superset-ui/plugin-chart-echarts BigNumber with trendline: the metric over the x-axis. */
export function bigNumberTrendQuery(formData: FormData) {
  const base = buildQueryObject({ ...formData, metrics: [formData.metric] });
  return buildQueryContext(formData, [
    {
      ...base,
      columns: asArray(formData.x_axis),
      post_processing: [
        pivotOperator(formData, { ...base, columns: [] }),
        rollingWindowOperator(formData, base),
        { operation: 'flatten' },
      ].filter(Boolean),
    },
  ]);
}

/** The grain on a temporal column, as the table and pivot table plugins put it on the column. */
function grained(formData: FormData, column: unknown) {
  const lookup = (formData.temporal_columns_lookup ?? {}) as Record<string, boolean>;
  return typeof column === 'string' && formData.time_grain_sqla && lookup[column]
    ? {
        timeGrain: formData.time_grain_sqla,
        columnType: 'BASE_AXIS',
        sqlExpression: column,
        label: column,
        expressionType: 'SQL',
      }
    : column;
}

/**
 * @superset-ui/plugin-chart-table: aggregate mode (ordered by the sort metric or the first
 * metric, percent metrics as a contribution, totals as a second query) or raw mode (its
 * columns and order, with server pagination a row-count query).
 */
export function tableQuery(formData: FormData) {
  const raw = formData.query_mode === 'raw';
  const base = buildQueryObject({
    ...formData,
    groupby: raw ? formData.all_columns : formData.groupby,
    metrics: raw ? [] : formData.metrics,
  });
  let query: QueryObject;
  const extra: QueryObject[] = [];
  if (raw) {
    // extractQueryFields leaves metrics out in raw records mode (undefined, not []).
    const { metrics: _none, ...rest } = base;
    const orderby = asArray(formData.order_by_cols as string[]).map((o) => JSON.parse(o));
    query = { ...rest, orderby, post_processing: [] };
  } else {
    const percent = asArray(formData.percent_metrics);
    const percentLabels = percent.map(metricLabel);
    const metrics = [...asArray(base.metrics)];
    for (const m of percent)
      if (!metrics.map(metricLabel).includes(metricLabel(m))) metrics.push(m);
    const sortBy = formData.timeseries_limit_metric;
    query = {
      ...base,
      metrics,
      columns: asArray(base.columns).map((c) => grained(formData, c)),
      orderby: sortBy
        ? [[sortBy, !formData.order_desc]]
        : metrics.length
          ? [[metrics[0], false]]
          : [],
      post_processing: percent.length
        ? [
            {
              operation: 'contribution',
              options: {
                columns: percentLabels,
                rename_columns: percentLabels.map((l) => `%${l}`),
              },
            },
          ]
        : [],
    };
    if (formData.show_totals && metrics.length) {
      extra.push({
        ...query,
        columns: [],
        row_limit: 0,
        row_offset: 0,
        post_processing: [],
        order_desc: undefined,
        orderby: undefined,
      });
    }
  }
  if (formData.server_pagination) {
    const pageSize = Number(formData.server_page_length ?? 10);
    query = { ...query, row_limit: pageSize, row_offset: 0 };
    return buildQueryContext(formData, [
      query,
      { ...query, is_rowcount: true, post_processing: [] },
      ...extra,
    ]);
  }
  return buildQueryContext(formData, [query, ...extra]);
}

/** @superset-ui/plugin-chart-pivot-table: columns and rows as one group-by, grained if temporal. */
export function pivotTableQuery(formData: FormData) {
  const columns = [
    ...new Set([...asArray(formData.groupbyColumns), ...asArray(formData.groupbyRows)]),
  ].map((c) => grained(formData, c));
  const base = buildQueryObject(formData);
  const first = asArray(base.metrics)[0];
  const by = base.series_limit_metric ?? first;
  return buildQueryContext(formData, [
    { ...base, orderby: by === undefined ? undefined : [[by, !base.order_desc]], columns },
  ]);
}

/** A plugin whose one query is the base query object with some fields replaced. */
const oneQuery = (formData: FormData, fields: QueryObject = {}) =>
  buildQueryContext(formData, [{ ...buildQueryObject(formData), ...fields }]);

/** `sort_by_metric`: the metric descending. */
const byMetric = (formData: FormData) =>
  formData.sort_by_metric && formData.metric ? [[formData.metric, false]] : undefined;

/** getXAxisColumn: a named x-axis as a BASE_AXIS column carrying the form's grain. */
function xAxisColumn(formData: FormData) {
  const xAxis = formData.x_axis ?? formData.granularity_sqla;
  return typeof xAxis === 'string' ? baseAxis(xAxis, formData.time_grain_sqla) : xAxis;
}

const baseAxis = (column: string, timeGrain: unknown) => ({
  timeGrain,
  columnType: 'BASE_AXIS',
  sqlExpression: column,
  label: column,
  expressionType: 'SQL',
});

/**
 * World map. The published plugin (legacy-plugin-chart-world-map 0.20.3) still asks the legacy
 * API; this is Superset's own buildQuery since, mirroring WorldMapViz.query_obj: the entity, the
 * metric and a different bubble metric, sorted by the metric.
 */
export function worldMapQuery(formData: FormData) {
  const metrics = asArray(formData.metric);
  const bubble = formData.secondary_metric;
  if (bubble && metricLabel(bubble) !== metricLabel(formData.metric)) metrics.push(bubble);
  return oneQuery(formData, {
    columns: asArray(formData.entity),
    metrics,
    orderby: byMetric(formData),
  });
}

/** Radar: ordered by the sort metric, else the first metric, descending. */
export function radarQuery(formData: FormData) {
  const by = asArray(formData.series_limit_metric)[0] ?? asArray(formData.metrics)[0];
  return oneQuery(formData, by === undefined ? {} : { orderby: [[by, false]] });
}

/** Graph: source, target (and their categories) as columns, the metric. */
export function graphQuery(formData: FormData) {
  const ends = ['source', 'target', 'source_category', 'target_category'];
  return oneQuery(formData, { columns: ends.flatMap((end) => asArray(formData[end])) });
}

/** Bubble: entity and series as columns, the x, y and size metrics, its `orderby` metric. */
export function bubbleQuery(formData: FormData) {
  const by = asArray(formData.orderby)[0];
  return oneQuery(formData, {
    columns: [...asArray(formData.entity), ...asArray(formData.series)],
    metrics: [formData.x, formData.y, formData.size].filter(Boolean),
    orderby: by === undefined ? undefined : [[by, !formData.order_desc]],
  });
}

/** Waterfall: the x-axis and the breakdown, ordered by both ascending. */
export function waterfallQuery(formData: FormData) {
  const columns = [
    ...asArray(formData.x_axis ?? formData.granularity_sqla),
    ...asArray(formData.groupby),
  ];
  return oneQuery(formData, { columns, orderby: columns.map((c) => [c, true]) });
}

const PERCENTILES = /(\d+)\/(\d+) percentiles/;

/**
 * Box plot: the metrics per "distribute across" (a temporal one carrying the grain; the time
 * column when empty) x group-by, summarised by `boxplot`.
 */
export function boxPlotQuery(formData: FormData) {
  const base = buildQueryObject({ ...formData, columns: undefined });
  const lookup = (formData.temporal_columns_lookup ?? {}) as Record<string, boolean>;
  const across = asArray(formData.columns);
  const distributed = (across.length ? across : asArray(formData.granularity_sqla)).map((c) =>
    typeof c === 'string' && formData.time_grain_sqla && lookup[c]
      ? baseAxis(c, formData.time_grain_sqla)
      : c,
  );
  const whisker = String(formData.whiskerOptions ?? 'Tukey');
  const percentiles = PERCENTILES.exec(whisker);
  const whisker_type = whisker === 'Tukey' ? 'tukey' : percentiles ? 'percentile' : 'min/max';
  return buildQueryContext(formData, [
    {
      ...base,
      columns: [...distributed, ...asArray(formData.groupby)],
      series_columns: formData.groupby,
      post_processing: [
        {
          operation: 'boxplot',
          options: {
            whisker_type,
            percentiles: percentiles ? [Number(percentiles[1]), Number(percentiles[2])] : undefined,
            groupby: asArray(formData.groupby).map(columnLabel),
            metrics: asArray(base.metrics).map(metricLabel),
          },
        },
      ],
    },
  ]);
}

/** Histogram: raw values of the column (no metrics) binned by `histogram` per group. */
export function histogramQuery(formData: FormData) {
  const groupby = asArray(formData.groupby);
  const bins = Number.isNaN(Number(formData.bins)) ? 5 : Number(formData.bins);
  const { cumulative, normalize } = formData;
  return oneQuery(formData, {
    columns: [...groupby, formData.column],
    metrics: undefined,
    post_processing: [
      {
        operation: 'histogram',
        options: {
          column: columnLabel(formData.column),
          groupby: groupby.map(columnLabel),
          bins,
          cumulative,
          normalize,
        },
      },
    ],
  });
}

/** Heatmap: x-axis and y group-by, each sorted by name or by the metric, ranked by `rank`. */
export function heatmapQuery(formData: FormData) {
  const metric = metricLabel(formData.metric);
  const columns = [xAxisColumn(formData), ...asArray(formData.groupby)];
  const orderby = [formData.sort_x_axis, formData.sort_y_axis].map((sort, i) => [
    String(sort).includes('value') ? metric : columns[i],
    String(sort).includes('asc'),
  ]);
  const across = formData.normalize_across;
  const group_by =
    across === 'x'
      ? columnLabel(formData.x_axis)
      : across === 'y'
        ? columnLabel(formData.groupby)
        : undefined;
  return oneQuery(formData, {
    columns,
    orderby,
    post_processing: [{ operation: 'rank', options: { metric, group_by } }],
  });
}

/**
 * renameOperator: with one metric, series and truncate_metric, the metric level is dropped
 * (and with "actual values" each `<metric>__<offset>` renamed to its offset); never for a
 * derived comparison.
 */
function renameOperator(formData: FormData, query: QueryObject): Rule | undefined {
  const metrics = asArray(query.metrics);
  const comparing = isTimeComparison(formData, query);
  if (metrics.length !== 1 || asArray(formData.groupby).length === 0) return undefined;
  if (!formData.x_axis || !formData.truncate_metric) return undefined;
  if (comparing && formData.comparison_type !== 'values') return undefined;
  const offsets = asArray(formData.time_compare as string[]);
  const pairs: Array<[string, string | null | undefined]> = comparing
    ? [...metricOffsets(formData, query).keys()].map((k) => [k, offsets.find((o) => k.includes(o))])
    : [];
  pairs.push([metricLabel(metrics[0]), null]);
  return {
    operation: 'rename',
    options: { columns: Object.fromEntries(pairs), level: 0, inplace: true },
  };
}

/** The form data of a mixed chart's query A (without `_b` fields) or B (`_b` fields unsuffixed). */
function formDataOfQuery(formData: FormData, second: boolean): FormData {
  const own = Object.entries(formData).filter(([key]) => key.endsWith('_b'));
  const shared = Object.entries(formData).filter(([key]) => !key.endsWith('_b'));
  if (!second) return Object.fromEntries(shared);
  return {
    ...Object.fromEntries(shared),
    ...Object.fromEntries(own.map(([k, v]) => [k.slice(0, -2), v])),
  };
}

/** Mixed timeseries: query A and query B, each a timeseries with its own metrics and series. */
export function mixedTimeseriesQuery(formData: FormData) {
  return buildQueryContext(
    formData,
    [false, true].map((second) => timeseriesObject(formDataOfQuery(formData, second))),
  );
}

/**
 * MapBox point map (a legacy plugin without buildQuery; its legacy query_obj): the longitude,
 * latitude, label and radius columns as raw rows, the coordinates not null.
 */
export function mapboxQuery(formData: FormData) {
  const picked = [
    formData.all_columns_x,
    formData.all_columns_y,
    ...asArray(formData.mapbox_label),
    formData.point_radius === 'Auto' ? undefined : formData.point_radius,
  ].filter((c) => c !== undefined && c !== null);
  const base = buildQueryObject(formData);
  const notNull = [formData.all_columns_x, formData.all_columns_y].map((col) => ({
    col,
    op: 'IS NOT NULL',
  }));
  const { metrics: _none, ...rest } = base;
  return buildQueryContext(formData, [
    {
      ...rest,
      columns: [...new Set(picked)],
      filters: [...asArray(base.filters), ...notNull],
    },
  ]);
}
