import type { AdhocFilter, DatasourceMeta } from '@tessera/shared/viz/types';
import { AutoComplete, Button, Input, Select, Space, Tabs } from 'antd';
import { useState } from 'react';
import { columnLabel } from './choices.ts';
import {
  buildSimpleFilter,
  buildSqlFilter,
  comparatorComplete,
  operatorOption,
  operatorsFor,
  subjectName,
} from './filters.ts';
import { TimeRangeEditor } from './TimeRangeEditor.tsx';
import type { DatasourceColumn } from './types.ts';

/** Loads value suggestions for a column; the control passes the API-backed hook. */
export type ValueSuggestionsHook = (
  datasource: DatasourceMeta | null,
  column: string | undefined,
) => { values: unknown[]; loading: boolean };

interface FilterEditorProps {
  filter: AdhocFilter | null;
  datasource: DatasourceMeta | null;
  columns: DatasourceColumn[];
  /** A column dropped on the control. */
  initialColumn?: string;
  useSuggestions: ValueSuggestionsHook;
  onSave: (filter: AdhocFilter) => void;
  onCancel: () => void;
}

const NUMERIC = 0;

function typedComparator(column: DatasourceColumn | undefined, text: unknown): unknown {
  if (column?.type_generic !== NUMERIC || typeof text !== 'string') return text;
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : text;
}

/** The filter popover's body: Simple (column, operator, value) or Custom SQL (WHERE/HAVING). */
export function FilterEditor({
  filter,
  datasource,
  columns,
  initialColumn,
  useSuggestions,
  onSave,
  onCancel,
}: FilterEditorProps) {
  const [tab, setTab] = useState<'SIMPLE' | 'SQL'>(
    filter?.expressionType === 'SQL' ? 'SQL' : 'SIMPLE',
  );
  const [subject, setSubject] = useState<string | undefined>(
    initialColumn ?? (filter ? subjectName(filter) || undefined : undefined),
  );
  const column = columns.find((c) => c.column_name === subject);
  const operators = operatorsFor(column, datasource);
  const [operatorId, setOperatorId] = useState<string>(
    (filter && operatorOption(filter)?.id) ?? 'EQUALS',
  );
  const [comparator, setComparator] = useState<unknown>(filter?.comparator ?? null);
  const [editingRange, setEditingRange] = useState(false);
  const [clause, setClause] = useState<'WHERE' | 'HAVING'>(filter?.clause ?? 'WHERE');
  const [sql, setSql] = useState(filter?.sqlExpression ?? '');
  const { values, loading } = useSuggestions(datasource, tab === 'SIMPLE' ? subject : undefined);

  const option = operators.find((o) => o.id === operatorId);
  const canSave =
    tab === 'SQL' ? !!sql.trim() : !!subject && comparatorComplete(option, comparator);
  const suggestionOptions = values.map((v) => ({ value: String(v), label: String(v) }));

  function changeOperator(id: string) {
    const next = operators.find((o) => o.id === id);
    const previous = option;
    setOperatorId(id);
    // Carry the value across when its shape still fits (one value <-> a list of values).
    if (!next || next.arity === 'none') setComparator(null);
    else if (next.arity === 'many' && previous?.arity !== 'many')
      setComparator(comparator === null || comparator === '' ? [] : [comparator]);
    else if (next.arity === 'one' && Array.isArray(comparator)) setComparator(comparator[0] ?? '');
    else if (next.arity === 'range' && previous?.arity !== 'range') setComparator('No filter');
  }

  function save() {
    if (tab === 'SQL') {
      onSave(
        buildSqlFilter({ clause, sqlExpression: sql, filterOptionName: filter?.filterOptionName }),
      );
    } else if (subject && option) {
      onSave(
        buildSimpleFilter({
          subject,
          operatorId: option.id,
          comparator,
          filterOptionName: filter?.filterOptionName,
        }),
      );
    }
  }

  const comparatorInput = () => {
    if (!option || option.arity === 'none') return null;
    if (option.arity === 'range') {
      const range = typeof comparator === 'string' && comparator ? comparator : 'No filter';
      return editingRange ? (
        <TimeRangeEditor
          value={range}
          onCancel={() => setEditingRange(false)}
          onApply={(next) => {
            setComparator(next);
            setEditingRange(false);
          }}
        />
      ) : (
        <Button data-testid="filter-time-range" block onClick={() => setEditingRange(true)}>
          {range}
        </Button>
      );
    }
    if (option.arity === 'many') {
      return (
        <Select
          data-testid="filter-comparator"
          aria-label="Values"
          mode="tags"
          style={{ width: '100%' }}
          loading={loading}
          placeholder="Select values"
          value={(Array.isArray(comparator) ? comparator : []).map(String)}
          onChange={(next: string[]) => setComparator(next.map((v) => typedComparator(column, v)))}
          options={suggestionOptions}
        />
      );
    }
    return (
      <AutoComplete
        data-testid="filter-comparator"
        aria-label="Value"
        style={{ width: '100%' }}
        placeholder="Filter value (case sensitive)"
        value={comparator === null || comparator === undefined ? '' : String(comparator)}
        onChange={(next: string) => setComparator(typedComparator(column, next))}
        options={suggestionOptions}
        showSearch={{
          filterOption: (input, item) =>
            String(item?.value ?? '')
              .toLowerCase()
              .includes(input.toLowerCase()),
        }}
      />
    );
  };

  return (
    <div data-testid="filter-popover" style={{ width: editingRange ? 480 : 380 }}>
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(key) => setTab(key as 'SIMPLE' | 'SQL')}
        items={[
          {
            key: 'SIMPLE',
            label: <span data-testid="filter-tab-simple">Simple</span>,
            children: (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Select
                  data-testid="filter-column-select"
                  aria-label="Column"
                  style={{ width: '100%' }}
                  placeholder="Select column"
                  showSearch={{ optionFilterProp: 'title' }}
                  value={subject}
                  onChange={(next: string) => {
                    setSubject(next);
                    setComparator(option?.arity === 'many' ? [] : null);
                  }}
                  options={columns.map((c) => ({
                    value: c.column_name,
                    label: columnLabel(c),
                    title: columnLabel(c),
                  }))}
                />
                <Select
                  data-testid="filter-operator-select"
                  aria-label="Operator"
                  style={{ width: '100%' }}
                  virtual={false}
                  value={operatorId}
                  onChange={changeOperator}
                  options={operators.map((o) => ({ value: o.id, label: o.label, title: o.label }))}
                />
                {comparatorInput()}
              </Space>
            ),
          },
          {
            key: 'SQL',
            label: <span data-testid="filter-tab-sql">Custom SQL</span>,
            children: (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Select
                  data-testid="filter-clause-select"
                  aria-label="Clause"
                  style={{ width: 120 }}
                  value={clause}
                  onChange={(next: 'WHERE' | 'HAVING') => setClause(next)}
                  options={[
                    { value: 'WHERE', label: 'WHERE', title: 'WHERE' },
                    { value: 'HAVING', label: 'HAVING', title: 'HAVING' },
                  ]}
                />
                <Input.TextArea
                  data-testid="filter-sql"
                  aria-label="Custom SQL"
                  autoSize={{ minRows: 3, maxRows: 8 }}
                  spellCheck={false}
                  style={{ fontFamily: 'monospace', fontSize: 12 }}
                  placeholder={clause === 'WHERE' ? "country = 'France'" : 'SUM(num) > 10'}
                  value={sql}
                  onChange={(event) => setSql(event.target.value)}
                />
              </Space>
            ),
          },
        ]}
      />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 8 }}>
        <Button size="small" data-testid="filter-popover-cancel" onClick={onCancel}>
          Close
        </Button>
        <Button
          size="small"
          type="primary"
          data-testid="filter-popover-save"
          disabled={!canSave}
          onClick={save}
        >
          Save
        </Button>
      </div>
    </div>
  );
}
