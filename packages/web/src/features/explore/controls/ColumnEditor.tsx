import type { Column, DatasourceMeta } from '@tessera/shared/viz/types';
import { Button, Input, Select, Space, Tabs } from 'antd';
import { useState } from 'react';
import type { DatasourceColumn } from './types.ts';

type ColumnTab = 'SAVED' | 'SQL';

interface ColumnEditorProps {
  column: Column | null;
  /** The columns this control offers (its `choicesFrom`). */
  columns: DatasourceColumn[];
  datasource: DatasourceMeta | null;
  onSave: (column: Column) => void;
  onCancel: () => void;
}

/** Picks a dataset column, or writes an adhoc SQL column with a label. */
export function ColumnEditor({ column, columns, onSave, onCancel }: ColumnEditorProps) {
  const adhoc = column && typeof column === 'object' ? column : null;
  const [tab, setTab] = useState<ColumnTab>(adhoc ? 'SQL' : 'SAVED');
  const [picked, setPicked] = useState<string | undefined>(
    typeof column === 'string' ? column : undefined,
  );
  const [sql, setSql] = useState(adhoc?.sqlExpression ?? '');
  const [label, setLabel] = useState(adhoc?.label ?? '');
  const canSave = tab === 'SAVED' ? !!picked : !!sql.trim();

  function save() {
    if (tab === 'SAVED' && picked) onSave(picked);
    else if (tab === 'SQL' && sql.trim()) {
      onSave({
        expressionType: 'SQL',
        sqlExpression: sql.trim(),
        label: label.trim() || sql.trim(),
      });
    }
  }

  return (
    <div data-testid="column-popover" style={{ width: 320 }}>
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(key) => setTab(key as ColumnTab)}
        items={[
          {
            key: 'SAVED',
            label: <span data-testid="column-tab-saved">Saved</span>,
            children: (
              <Select
                data-testid="column-select"
                aria-label="Column"
                style={{ width: '100%' }}
                placeholder="Select column"
                showSearch={{ optionFilterProp: 'title' }}
                value={picked}
                onChange={(next: string) => setPicked(next)}
                options={columns.map((c) => ({
                  value: c.column_name,
                  label: c.verbose_name || c.column_name,
                  title: c.verbose_name || c.column_name,
                }))}
              />
            ),
          },
          {
            key: 'SQL',
            label: <span data-testid="column-tab-sql">Custom SQL</span>,
            children: (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Input
                  data-testid="column-sql-label"
                  aria-label="Label"
                  placeholder="Label"
                  value={label}
                  onChange={(event) => setLabel(event.target.value)}
                />
                <Input.TextArea
                  data-testid="column-sql"
                  aria-label="Custom SQL"
                  autoSize={{ minRows: 3, maxRows: 8 }}
                  spellCheck={false}
                  style={{ fontFamily: 'monospace', fontSize: 12 }}
                  value={sql}
                  onChange={(event) => setSql(event.target.value)}
                />
              </Space>
            ),
          },
        ]}
      />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 8 }}>
        <Button size="small" data-testid="column-popover-cancel" onClick={onCancel}>
          Close
        </Button>
        <Button
          size="small"
          type="primary"
          data-testid="column-popover-save"
          disabled={!canSave}
          onClick={save}
        >
          Save
        </Button>
      </div>
    </div>
  );
}
