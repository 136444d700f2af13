import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ListPage } from './ListPage.tsx';

interface Thing {
  id: number;
  name: string;
}

function renderPage(rows: Thing[], onAdd: () => void) {
  return render(
    <App>
      <ListPage<Thing>
        testId="things-page"
        title="Things"
        subtitle="All the things."
        icon={null}
        add={{ label: 'Thing', testId: 'thing-add', onClick: onAdd }}
        list={{
          testId: 'thing-list',
          rowKey: 'id',
          columns: [{ title: 'Name', dataIndex: 'name', key: 'name' }],
          load: async () => ({ count: rows.length, result: rows }),
        }}
        emptyState={{ testId: 'things-empty', title: 'No things yet', description: 'Add one.' }}
      >
        <div data-testid="things-modal" />
      </ListPage>
    </App>,
  );
}

describe('list page', () => {
  it('offers the add button in the header and under the empty state while there is nothing', async () => {
    const onAdd = vi.fn();
    renderPage([], onAdd);
    expect(await screen.findByTestId('things-empty')).toBeTruthy();
    const buttons = screen.getAllByTestId('thing-add');
    expect(buttons).toHaveLength(2);
    fireEvent.click(buttons[1] as HTMLElement);
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Things')).toBeTruthy();
    expect(screen.getByTestId('things-modal')).toBeTruthy();
  });

  it('lists the rows once there are some, with one add button', async () => {
    renderPage([{ id: 1, name: 'first thing' }], vi.fn());
    expect(await screen.findByText('first thing')).toBeTruthy();
    expect(screen.queryByTestId('things-empty')).toBeNull();
    expect(screen.getAllByTestId('thing-add')).toHaveLength(1);
  });
});
