import { diagnosticCount, forceLinting } from '@codemirror/lint';
import type { ValidateSqlAnswer, ValidateSqlBody } from '@tessera/shared/api/sqlValidation';
import { EditorState, EditorView } from '@uiw/react-codemirror';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientError } from '../../../app/api.ts';
import {
  annotationsToDiagnostics,
  createSqlValidationSource,
  sqlValidationLinter,
  type ValidateRequest,
} from './sqlValidationLinter.ts';

const viewOf = (doc: string) => ({ state: EditorState.create({ doc }) }) as unknown as EditorView;

interface Call {
  databaseId: number;
  body: ValidateSqlBody;
  signal: AbortSignal | undefined;
}

/** A stubbed request answering `answer` (or failing with it) and recording each call. */
function stubRequest(answer: ValidateSqlAnswer | Error = { result: [] }) {
  const calls: Call[] = [];
  const request: ValidateRequest = async (databaseId, body, options) => {
    calls.push({ databaseId, body, signal: options.signal });
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { calls, request };
}

describe('annotations to diagnostics', () => {
  const doc = EditorState.create({ doc: 'SELECT 1;\nSELECT nope\n  FROM t' }).doc;

  it('maps 1-based lines and columns onto document offsets', () => {
    const [diagnostic] = annotationsToDiagnostics(doc, [
      { line_number: 2, start_column: 8, end_column: 12, message: 'no such column: nope' },
    ]);
    expect(diagnostic).toEqual({
      from: 17,
      to: 21,
      severity: 'error',
      message: 'no such column: nope',
    });
    expect(doc.sliceString(diagnostic.from, diagnostic.to)).toBe('nope');
  });

  it('marks the whole line when the engine named no column, and clamps to the line', () => {
    const [whole, clamped] = annotationsToDiagnostics(doc, [
      { line_number: 3, start_column: null, end_column: null, message: 'bad' },
      { line_number: 9, start_column: 40, end_column: 50, message: 'far' },
    ]);
    expect(doc.sliceString(whole.from, whole.to)).toBe('  FROM t');
    expect(clamped.from).toBe(doc.length);
    expect(clamped.to).toBe(doc.length);
  });
});

describe('the validation lint source', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for a pause in typing, then sends the text with schema, catalog and parameters', async () => {
    const { calls, request } = stubRequest({
      result: [{ line_number: 1, start_column: 8, end_column: 12, message: 'oops' }],
    });
    const source = createSqlValidationSource({
      databaseId: 3,
      schema: 'main',
      catalog: 'cat',
      templateParams: '{"a": 1}',
      request,
    });
    const pending = source(viewOf('SELECT nope'));
    await vi.advanceTimersByTimeAsync(599);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([
      {
        databaseId: 3,
        body: { sql: 'SELECT nope', schema: 'main', catalog: 'cat', template_params: '{"a": 1}' },
        signal: expect.any(AbortSignal),
      },
    ]);
    expect(await pending).toEqual([{ from: 7, to: 11, severity: 'error', message: 'oops' }]);
  });

  it('sends only the last of several quick edits', async () => {
    const { calls, request } = stubRequest();
    const source = createSqlValidationSource({ databaseId: 1, request });
    const first = source(viewOf('SELECT'));
    await vi.advanceTimersByTimeAsync(300);
    const second = source(viewOf('SELECT 1'));
    expect(await first).toEqual([]);
    await vi.advanceTimersByTimeAsync(600);
    expect(await second).toEqual([]);
    expect(calls.map((call) => call.body.sql)).toEqual(['SELECT 1']);
  });

  it('aborts a request that a newer edit superseded and ignores its answer', async () => {
    let release: (answer: ValidateSqlAnswer) => void = () => {};
    const signals: AbortSignal[] = [];
    const request: ValidateRequest = (_databaseId, _body, options) => {
      if (options.signal) signals.push(options.signal);
      return new Promise((resolve) => {
        release = resolve;
      });
    };
    const source = createSqlValidationSource({ databaseId: 1, request });
    const first = source(viewOf('SELECT nope'));
    await vi.advanceTimersByTimeAsync(600);
    expect(signals).toHaveLength(1);
    const second = source(viewOf('SELECT nope2'));
    expect(signals[0].aborted).toBe(true);
    release({ result: [{ line_number: 1, start_column: 8, end_column: 12, message: 'stale' }] });
    expect(await first).toEqual([]);
    await vi.advanceTimersByTimeAsync(600);
    release({ result: [] });
    expect(await second).toEqual([]);
    expect(signals[1].aborted).toBe(false);
  });

  it('stays silent for good once the engine cannot validate (422)', async () => {
    const { calls, request } = stubRequest(
      new ClientError({ error: 'no SQL validator is configured for clickhouse', status: 422 }),
    );
    const source = createSqlValidationSource({ databaseId: 1, request });
    const first = source(viewOf('SELECT 1'));
    await vi.advanceTimersByTimeAsync(600);
    expect(await first).toEqual([]);
    const again = source(viewOf('SELECT 2'));
    await vi.advanceTimersByTimeAsync(600);
    expect(await again).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('stays silent on other failures and keeps trying', async () => {
    const { calls, request } = stubRequest(
      new ClientError({ error: 'The template could not be rendered', status: 400 }),
    );
    const source = createSqlValidationSource({ databaseId: 1, request });
    for (const sql of ['SELECT {{', 'SELECT {{ x }}']) {
      const pending = source(viewOf(sql));
      await vi.advanceTimersByTimeAsync(600);
      expect(await pending).toEqual([]);
    }
    expect(calls).toHaveLength(2);
  });

  it('sends nothing without a database or for blank text', async () => {
    const { calls, request } = stubRequest();
    const none = createSqlValidationSource({ databaseId: null, request });
    expect(await none(viewOf('SELECT 1'))).toEqual([]);
    const blank = createSqlValidationSource({ databaseId: 1, request });
    expect(await blank(viewOf('  \n '))).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(0);
  });
});

describe('the editor extension', () => {
  it('shows the server annotations as error diagnostics in a real editor', async () => {
    const { request } = stubRequest({
      result: [{ line_number: 2, start_column: 1, end_column: 5, message: 'syntax error' }],
    });
    const view = new EditorView({
      state: EditorState.create({
        doc: 'SELECT 1\nFORM t',
        extensions: [sqlValidationLinter({ databaseId: 1, request, debounceMs: 0 })],
      }),
      parent: document.body,
    });
    try {
      forceLinting(view);
      await vi.waitFor(() => expect(diagnosticCount(view.state)).toBe(1));
    } finally {
      view.destroy();
    }
  });
});
