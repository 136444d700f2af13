import type { AdhocFilter } from '@tessera/shared/viz/types';
import { useState } from 'react';
import { ChipBox } from './ChipBox.tsx';
import { datasetColumns } from './choices.ts';
import { useDropTarget } from './dnd.ts';
import { FilterEditor, type ValueSuggestionsHook } from './FilterEditor.tsx';
import { filterLabel, subjectName } from './filters.ts';
import type { ControlProps } from './types.ts';
import { useColumnValues } from './useColumnValues.ts';

type Editing = { index: number | 'new'; column?: string } | null;

/** Adhoc filters as chips; the popover edits one (Simple or Custom SQL). */
export function AdhocFilterControl({
  name,
  config,
  value,
  onChange,
  datasource,
  useSuggestions = useColumnValues,
}: ControlProps & { useSuggestions?: ValueSuggestionsHook }) {
  const filters = Array.isArray(value) ? (value as AdhocFilter[]) : [];
  const [editing, setEditing] = useState<Editing>(null);
  const columns = datasetColumns(datasource, config.choicesFrom).filter(
    (c) => c.filterable !== false,
  );
  const known = new Set(columns.map((c) => c.column_name));

  const put = (filter: AdhocFilter, index: number | 'new') =>
    onChange(
      index === 'new' ? [...filters, filter] : filters.map((f, i) => (i === index ? filter : f)),
    );

  const { isOver, dropProps } = useDropTarget(['column'], (item) =>
    setEditing({ index: 'new', column: item.name }),
  );

  return (
    <ChipBox
      testPrefix={`filter-${name}`}
      chips={filters.map((filter, index) => ({
        key: filter.filterOptionName ?? `${index}:${filterLabel(filter)}`,
        label: filterLabel(filter),
        italic: filter.isExtra,
        invalid:
          !!datasource &&
          filter.expressionType === 'SIMPLE' &&
          typeof filter.subject === 'string' &&
          !known.has(subjectName(filter)),
      }))}
      onChipClick={(index) => setEditing({ index })}
      onRemove={(index) => onChange(filters.filter((_, i) => i !== index))}
      addLabel="Drop columns here or click"
      showAdd
      onAdd={() => setEditing({ index: 'new' })}
      isOver={isOver}
      dropProps={dropProps}
      onPopoverClose={() => setEditing(null)}
      popover={
        editing && (
          <FilterEditor
            key={`${String(editing.index)}:${editing.column ?? ''}`}
            filter={editing.index === 'new' ? null : (filters[editing.index] ?? null)}
            datasource={datasource}
            columns={columns}
            initialColumn={editing.column}
            useSuggestions={useSuggestions}
            onCancel={() => setEditing(null)}
            onSave={(filter) => {
              put(filter, editing.index);
              setEditing(null);
            }}
          />
        )
      }
    />
  );
}
