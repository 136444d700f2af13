import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render.tsx';
import { EditorTabs, type EditorTabsProps } from './EditorTabs.tsx';

function setup(overrides: Partial<EditorTabsProps> = {}) {
  const props: EditorTabsProps = {
    tabs: [
      { id: 'a', name: 'Untitled Query 1' },
      { id: 'b', name: 'Sales' },
    ],
    activeId: 'b',
    leftBarHidden: false,
    onSelect: vi.fn(),
    onAdd: vi.fn(),
    onClose: vi.fn(),
    onCloseOthers: vi.fn(),
    onCopy: vi.fn(),
    onRename: vi.fn(),
    onToggleLeftBar: vi.fn(),
    onStep: vi.fn(),
    ...overrides,
  };
  renderWithApp(<EditorTabs {...props} />);
  return props;
}

describe('EditorTabs', () => {
  it('shows every tab and marks the active one', () => {
    setup();
    const tabs = screen.getAllByTestId('sqllab-tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Untitled Query 1', 'Sales']);
    expect(tabs[1]?.getAttribute('data-active')).toBe('true');
  });

  it('marks a tab whose latest run is under way or failed', () => {
    setup({
      tabs: [
        { id: 'a', name: 'Running one', state: 'running' },
        { id: 'b', name: 'Failed one', state: 'failed' },
        { id: 'c', name: 'Fine', state: 'success' },
      ],
    });
    expect(screen.getAllByTestId('sqllab-tab').map((t) => t.textContent)).toEqual([
      'Running one',
      'Failed one',
      'Fine',
    ]);
    expect(screen.getAllByTestId('sqllab-tab-running')).toHaveLength(1);
    expect(screen.getAllByTestId('sqllab-tab-failed')).toHaveLength(1);
  });

  it('switches, adds and closes tabs', async () => {
    const props = setup();
    await userEvent.click(screen.getByText('Untitled Query 1'));
    expect(props.onSelect).toHaveBeenCalledWith('a');
    // antd also renders the add button inside its (hidden) overflow list.
    const add = screen.getAllByTestId('sqllab-tab-add')[0];
    if (add) await userEvent.click(add);
    expect(props.onAdd).toHaveBeenCalled();
    const close = screen.getAllByRole('button', { name: /remove/i })[0];
    if (close) await userEvent.click(close);
    expect(props.onClose).toHaveBeenCalledWith('a');
  });

  it('renames the active tab through its menu', async () => {
    const props = setup();
    await userEvent.click(screen.getByTestId('sqllab-tab-menu'));
    await userEvent.click(await screen.findByTestId('sqllab-tab-rename'));
    const input = await screen.findByTestId('sqllab-tab-rename-input');
    await userEvent.clear(input);
    await userEvent.type(input, 'Revenue{Enter}');
    expect(props.onRename).toHaveBeenCalledWith('b', 'Revenue');
  });

  it('copies, closes others and hides the left bar from the menu', async () => {
    const props = setup();
    await userEvent.click(screen.getByTestId('sqllab-tab-menu'));
    await userEvent.click(await screen.findByTestId('sqllab-tab-copy'));
    expect(props.onCopy).toHaveBeenCalledWith('b');
    await userEvent.click(screen.getByTestId('sqllab-tab-menu'));
    await userEvent.click(await screen.findByTestId('sqllab-tab-close-others'));
    expect(props.onCloseOthers).toHaveBeenCalledWith('b');
    await userEvent.click(screen.getByTestId('sqllab-tab-menu'));
    await userEvent.click(await screen.findByTestId('sqllab-tab-toggle-leftbar'));
    expect(props.onToggleLeftBar).toHaveBeenCalled();
  });

  it('switches tabs with Ctrl+] and Ctrl+[', async () => {
    const props = setup();
    fireEvent.keyDown(window, { key: ']', ctrlKey: true });
    fireEvent.keyDown(window, { key: '[', ctrlKey: true });
    await waitFor(() => expect(props.onStep).toHaveBeenCalledTimes(2));
    expect(props.onStep).toHaveBeenNthCalledWith(1, 1);
    expect(props.onStep).toHaveBeenNthCalledWith(2, -1);
  });

  it('offers no close button when only one tab is left', () => {
    setup({ tabs: [{ id: 'a', name: 'Only' }], activeId: 'a' });
    expect(screen.queryAllByRole('button', { name: /remove/i })).toHaveLength(0);
  });
});
