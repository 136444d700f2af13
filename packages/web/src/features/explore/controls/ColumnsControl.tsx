import { getColumnLabel } from '@tessera/shared/viz/buildQueryContext';
import type { Column } from '@tessera/shared/viz/types';
import { useState } from 'react';
import { ChipBox } from './ChipBox.tsx';
import { ColumnEditor } from './ColumnEditor.tsx';
import { chipValues } from './chipValues.ts';
import { columnLabel, datasetColumns } from './choices.ts';
import { useDropTarget } from './dnd.ts';
import type { ControlProps } from './types.ts';

type Editing = { index: number | 'new' } | null;

/** Dimensions (groupby, columns, x_axis, ...): dataset columns or adhoc SQL columns. */
export function ColumnsControl({ name, config, value, onChange, datasource }: ControlProps) {
  const multi = config.multi !== false;
  const items = chipValues<Column>(value, multi);
  const [editing, setEditing] = useState<Editing>(null);
  const offered = datasetColumns(datasource, config.choicesFrom);
  const byName = new Map(offered.map((c) => [c.column_name, c]));

  const commit = (next: Column[]) => onChange(multi ? next : (next[0] ?? null));
  const put = (column: Column, index: number | 'new') => {
    if (index === 'new') {
      if (multi && typeof column === 'string' && items.includes(column)) return;
      commit(multi ? [...items, column] : [column]);
    } else {
      commit(items.map((c, i) => (i === index ? column : c)));
    }
  };

  const { isOver, dropProps } = useDropTarget(['column'], (item) => {
    // A dragged column this control does not take (a string column on a temporal x-axis) is
    // ignored rather than stored and flagged later.
    if (byName.has(item.name)) put(item.name, 'new');
  });

  return (
    <ChipBox
      testPrefix={`column-${name}`}
      chips={items.map((column, index) => {
        const known = typeof column !== 'string' || byName.has(column);
        const dataset = typeof column === 'string' ? byName.get(column) : undefined;
        return {
          key: typeof column === 'string' ? column : `sql:${index}:${column.sqlExpression}`,
          label: dataset ? columnLabel(dataset) : getColumnLabel(column),
          title: typeof column === 'string' ? column : column.sqlExpression,
          invalid: !!datasource && !known,
        };
      })}
      onChipClick={(index) => setEditing({ index })}
      onRemove={(index) => commit(items.filter((_, i) => i !== index))}
      addLabel={multi ? 'Drop columns here or click' : 'Drop a column here or click'}
      showAdd={multi || items.length === 0}
      onAdd={() => setEditing({ index: 'new' })}
      isOver={isOver}
      dropProps={dropProps}
      onPopoverClose={() => setEditing(null)}
      popover={
        editing && (
          <ColumnEditor
            key={String(editing.index)}
            column={editing.index === 'new' ? null : (items[editing.index] ?? null)}
            columns={offered}
            datasource={datasource}
            onCancel={() => setEditing(null)}
            onSave={(column) => {
              put(column, editing.index);
              setEditing(null);
            }}
          />
        )
      }
    />
  );
}
