import { fireEvent, render, screen, within } from '@testing-library/react';
import { App, Table } from 'antd';
import { describe, expect, it } from 'vitest';
import { BulkSelectBar } from '../BulkSelectBar.tsx';
import { BulkSelectToggle } from './BulkSelectToggle.tsx';
import { useBulkSelection } from './useBulkSelection.ts';

interface Row {
  id: number;
  name: string;
  locked: boolean;
}
const ROWS: Row[] = [
  { id: 1, name: 'Sales', locked: false },
  { id: 2, name: 'Flights', locked: false },
  { id: 3, name: 'Someone else’s', locked: true },
];

/** A list page's bulk-select wiring: header toggle, bar over the table, checkboxes in it. */
function BulkList({ lockable }: { lockable: boolean }) {
  const bulk = useBulkSelection<Row>();
  return (
    <>
      <BulkSelectToggle active={bulk.active} onToggle={bulk.toggle} testId="chart-bulk-toggle" />
      {bulk.active && (
        <BulkSelectBar
          testIdPrefix="chart"
          count={bulk.selected.length}
          onDelete={() => undefined}
          onDeselect={bulk.clear}
        />
      )}
      <span data-testid="selected-names">{bulk.selected.map((row) => row.name).join(',')}</span>
      <Table<Row>
        rowKey="id"
        pagination={false}
        dataSource={ROWS}
        columns={[{ dataIndex: 'name', key: 'name' }]}
        rowSelection={bulk.rowSelection({
          testId: 'chart-select',
          disabled: lockable ? (row) => row.locked : undefined,
        })}
      />
    </>
  );
}

function renderList(lockable = true) {
  render(
    <App>
      <BulkList lockable={lockable} />
    </App>,
  );
}

const checkboxes = () => screen.getAllByTestId('chart-select') as HTMLInputElement[];

describe('bulk selection of a list', { timeout: 30_000 }, () => {
  it('shows no checkboxes and no bar until bulk select is turned on', () => {
    renderList();
    expect(screen.queryAllByTestId('chart-select')).toHaveLength(0);
    expect(screen.queryByTestId('chart-bulk-bar')).toBeNull();
    const toggle = screen.getByTestId('chart-bulk-toggle');
    expect(toggle.textContent).toBe('Bulk select');
    fireEvent.click(toggle);
    expect(toggle.textContent).toBe('Cancel bulk select');
    expect(checkboxes()).toHaveLength(3);
    expect(screen.getByTestId('chart-bulk-count').textContent).toBe('0 selected');
  });

  it('counts the selected rows, disables the ones that may not be acted on, and deselects all', () => {
    renderList();
    fireEvent.click(screen.getByTestId('chart-bulk-toggle'));
    expect(checkboxes().map((box) => box.disabled)).toEqual([false, false, true]);
    fireEvent.click(checkboxes()[0] as HTMLElement);
    fireEvent.click(checkboxes()[1] as HTMLElement);
    expect(screen.getByTestId('chart-bulk-count').textContent).toBe('2 selected');
    expect(screen.getByTestId('selected-names').textContent).toBe('Sales,Flights');
    fireEvent.click(within(screen.getByTestId('chart-bulk-bar')).getByText('Deselect all'));
    expect(screen.getByTestId('chart-bulk-count').textContent).toBe('0 selected');
    expect(screen.getByTestId('selected-names').textContent).toBe('');
  });

  it('leaves every checkbox enabled when no rule is given', () => {
    renderList(false);
    fireEvent.click(screen.getByTestId('chart-bulk-toggle'));
    expect(checkboxes().map((box) => box.disabled)).toEqual([false, false, false]);
  });

  it('starts empty again when the mode is turned off and on', () => {
    renderList();
    fireEvent.click(screen.getByTestId('chart-bulk-toggle'));
    fireEvent.click(checkboxes()[0] as HTMLElement);
    expect(screen.getByTestId('chart-bulk-count').textContent).toBe('1 selected');
    fireEvent.click(screen.getByTestId('chart-bulk-toggle'));
    expect(screen.queryAllByTestId('chart-select')).toHaveLength(0);
    expect(screen.getByTestId('selected-names').textContent).toBe('');
    fireEvent.click(screen.getByTestId('chart-bulk-toggle'));
    expect(screen.getByTestId('chart-bulk-count').textContent).toBe('0 selected');
  });
});
