import { describe, expect, it } from 'vitest';
import {
  draftFromDataset,
  draftProblems,
  isDirty,
  locateServerError,
  mergeExtra,
  newCalculatedColumn,
  newMetric,
  updateBody,
} from './editorState.ts';
import { datasetFixture, metricFixture } from './testing.ts';

describe('dataset editor draft', () => {
  it('splits calculated columns from physical ones and keeps every id', () => {
    const draft = draftFromDataset(datasetFixture());
    expect(draft.columns.map((c) => [c.id, c.column_name, c.calculated])).toEqual([
      [1, 'horsepower', false],
      [2, 'year', false],
      [3, 'power_to_weight', true],
    ]);
    expect(draft.metrics.map((m) => m.id)).toEqual([11]);
    expect(draft.settings.main_dttm_col).toBe('year');
  });

  it('sends every column and metric with its id, and new rows without one', () => {
    const draft = draftFromDataset(datasetFixture());
    const metric = { ...newMetric(), metric_name: 'sum__x', expression: 'SUM(x)' };
    const body = updateBody(
      { ...draft, metrics: [...draft.metrics, metric] },
      { virtual: false, sendOwners: true },
    );
    expect(body.metrics).toEqual([
      expect.objectContaining({ id: 11, metric_name: 'count', expression: 'COUNT(*)' }),
      expect.objectContaining({ metric_name: 'sum__x', expression: 'SUM(x)' }),
    ]);
    expect(body.metrics?.[1]).not.toHaveProperty('id');
    expect(body.columns?.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(body.columns?.[2]?.expression).toBe('horsepower / weight_in_lbs');
    expect(body.columns?.[0]?.expression).toBeNull();
    expect(body.owners).toEqual([7]);
  });

  it('leaves the name, SQL and owners out when they are not the editor’s to change', () => {
    const body = updateBody(draftFromDataset(datasetFixture()), {
      virtual: false,
      sendOwners: false,
    });
    expect(body).not.toHaveProperty('table_name');
    expect(body).not.toHaveProperty('sql');
    expect(body).not.toHaveProperty('owners');
  });

  it('turns empty boxes into nulls and the cache timeout into a number', () => {
    const draft = draftFromDataset(datasetFixture());
    draft.settings.cache_timeout = '300';
    draft.settings.description = '';
    const body = updateBody(draft, { virtual: false, sendOwners: false });
    expect(body.cache_timeout).toBe(300);
    expect(body.description).toBeNull();
    draft.settings.cache_timeout = '';
    expect(updateBody(draft, { virtual: false, sendOwners: false }).cache_timeout).toBeNull();
  });

  it('writes certification, warning and default time grain into extra, keeping its other keys', () => {
    const draft = draftFromDataset(datasetFixture());
    draft.settings.certified_by = 'Data team';
    draft.settings.certification_details = 'Checked weekly';
    draft.settings.warning_markdown = 'Prices are in cents';
    draft.settings.default_time_grain = 'P1M';
    const extra = JSON.parse(updateBody(draft, { virtual: false, sendOwners: false }).extra ?? '');
    expect(extra).toEqual({
      owner_team: 'data',
      certification: { certified_by: 'Data team', details: 'Checked weekly' },
      warning_markdown: 'Prices are in cents',
      default_time_grain: 'P1M',
    });
  });

  it('reads certification back from extra and removes it when cleared', () => {
    const stored = mergeExtra(null, {
      certified_by: 'Ops',
      certification_details: '',
      warning_markdown: '',
    });
    expect(JSON.parse(stored ?? '')).toEqual({
      certification: { certified_by: 'Ops', details: null },
    });
    expect(
      mergeExtra(stored, { certified_by: '', certification_details: '', warning_markdown: '' }),
    ).toBeNull();
  });

  it('keeps a metric currency as Superset stores it', () => {
    const dataset = datasetFixture({
      metrics: [
        metricFixture(4, 'revenue', 'SUM(price)', {
          currency: { symbol: 'EUR', symbolPosition: 'suffix' },
        }),
      ],
    });
    const body = updateBody(draftFromDataset(dataset), { virtual: false, sendOwners: false });
    expect(body.metrics?.[0]?.currency).toEqual({ symbol: 'EUR', symbolPosition: 'suffix' });
  });

  it('knows when the draft differs from what was saved', () => {
    const saved = draftFromDataset(datasetFixture());
    const draft = draftFromDataset(datasetFixture());
    expect(isDirty(draft, saved)).toBe(false);
    draft.columns[0] = {
      ...(draft.columns[0] as (typeof draft.columns)[number]),
      verbose_name: 'HP',
    };
    expect(isDirty(draft, saved)).toBe(true);
  });
});

describe('problems found before saving', () => {
  it('asks for names and expressions and refuses duplicates', () => {
    const draft = draftFromDataset(datasetFixture());
    const nameless = newMetric();
    const twin = { ...newMetric(), metric_name: 'count', expression: 'COUNT(1)' };
    const empty = { ...newCalculatedColumn(), column_name: 'ratio' };
    const problems = draftProblems(
      { ...draft, metrics: [...draft.metrics, nameless, twin], columns: [...draft.columns, empty] },
      { virtual: false },
    );
    expect(problems[nameless.key]).toBe('The metric needs a name.');
    expect(problems[twin.key]).toBe('Another metric is named "count".');
    expect(problems[empty.key]).toBe('A calculated column needs a SQL expression.');
  });

  it('checks the name, SQL, timeout and template parameters of a virtual dataset', () => {
    const draft = draftFromDataset(datasetFixture({ kind: 'virtual', sql: 'SELECT 1' }));
    draft.settings.table_name = ' ';
    draft.settings.sql = '';
    draft.settings.cache_timeout = '1.5';
    draft.settings.template_params = '[1]';
    expect(draftProblems(draft, { virtual: true })).toEqual({
      table_name: 'The dataset needs a name.',
      sql: 'A virtual dataset needs SQL.',
      cache_timeout: 'The cache timeout is a whole number of seconds.',
      template_params: 'Template parameters must be a JSON object.',
    });
  });

  it('finds nothing wrong with a dataset as loaded', () => {
    expect(draftProblems(draftFromDataset(datasetFixture()), { virtual: false })).toEqual({});
  });
});

describe('server refusals', () => {
  it('points an engine refusal of a metric at that metric', () => {
    const draft = draftFromDataset(datasetFixture());
    const message =
      'Invalid expression for metric "count": Binder Error: Referenced column "nope" not found in FROM clause!';
    expect(locateServerError(message, draft)).toEqual({ kind: 'metric', key: 'metric-11' });
  });

  it('points a refusal of a calculated column at that column', () => {
    const draft = draftFromDataset(datasetFixture());
    const message =
      'Invalid expression for column "power_to_weight": it must be one SQL expression';
    expect(locateServerError(message, draft)).toEqual({ kind: 'column', key: 'column-3' });
  });

  it('leaves messages that name no row to the top of the editor', () => {
    const draft = draftFromDataset(datasetFixture());
    expect(locateServerError('One or more metrics are duplicated', draft)).toBeNull();
    expect(locateServerError('Invalid expression for metric "gone": x', draft)).toBeNull();
  });
});
