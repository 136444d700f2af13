import { readFileSync } from 'node:fs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { DataGrid } from './DataGrid.tsx';
import { rowGridData } from './rowData.ts';

function bigData(n: number) {
  const rows = Array.from({ length: n }, (_v, i) => ({
    id: i,
    word: i % 3 === 0 ? null : `word-${(i * 37) % n}`,
  }));
  return rowGridData(rows, [
    { name: 'id', type: 'INTEGER', type_generic: 0 },
    { name: 'word', type: 'VARCHAR', type_generic: 1 },
  ]);
}

// jsdom lays nothing out: give elements a desktop-sized box so the grid has a viewport to fill.
const layout = { width: 1000, height: 600 };
const saved: PropertyDescriptor[] = [];
beforeAll(() => {
  for (const [name, value] of [
    ['clientWidth', layout.width],
    ['clientHeight', layout.height],
    ['offsetWidth', layout.width],
    ['offsetHeight', layout.height],
  ] as const) {
    saved.push(Object.getOwnPropertyDescriptor(HTMLElement.prototype, name) as PropertyDescriptor);
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
  }
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, ...layout }),
  );
});
afterAll(() => {
  const names = ['clientWidth', 'clientHeight', 'offsetWidth', 'offsetHeight'];
  names.forEach((name, index) => {
    if (saved[index]) Object.defineProperty(HTMLElement.prototype, name, saved[index]);
  });
  vi.restoreAllMocks();
});

describe('DataGrid', () => {
  it('draws only a window of a large result, with row numbers and greyed NULLs', () => {
    renderWithApp(<DataGrid data={bigData(50_000)} />);
    const rows = screen.getAllByTestId('data-grid-row');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(60);
    expect(screen.getByTestId('data-grid-count').textContent).toBe('50,000 rows');
    expect(screen.getAllByTestId('data-grid-rownum')[0].textContent).toBe('1');
    expect(screen.getAllByText('NULL')[0].className).toBe('tdg-null');
  });

  it('sorts by a header click: ascending, then descending, then back to the original order', async () => {
    renderWithApp(<DataGrid data={bigData(200)} />);
    const header = () => screen.getAllByTestId('data-grid-header-cell')[0];
    const sortOf = () => header().getAttribute('data-sort');
    const firstId = () => screen.getAllByTestId('data-grid-row')[0].children[1].textContent;
    fireEvent.click(screen.getByLabelText('Sort by id'));
    await waitFor(() => expect(sortOf()).toBe('asc'));
    expect(firstId()).toBe('0');
    fireEvent.click(screen.getByLabelText('Sort by id'));
    await waitFor(() => expect(firstId()).toBe('199'));
    expect(sortOf()).toBe('desc');
    fireEvent.click(screen.getByLabelText('Sort by id'));
    await waitFor(() => expect(firstId()).toBe('0'));
    expect(sortOf()).toBe('none');
  });

  it('filters rows by a substring and says how many match', async () => {
    renderWithApp(<DataGrid data={bigData(300)} />);
    fireEvent.change(screen.getByLabelText('Filter rows'), { target: { value: 'word-37' } });
    await waitFor(() =>
      expect(screen.getByTestId('data-grid-count').textContent).toBe('1 of 300 rows'),
    );
    expect(screen.getAllByTestId('data-grid-row')).toHaveLength(1);
    // A finished scan shows no progress bar.
    expect(screen.queryByTestId('data-grid-filtering')).toBeNull();
  });

  it('copies all rows as TSV and reports it', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const onCopied = vi.fn();
    renderWithApp(<DataGrid data={bigData(3)} onCopied={onCopied} />);
    fireEvent.click(screen.getByTestId('data-grid-copy-all'));
    await waitFor(() => expect(onCopied).toHaveBeenCalledWith('Copied 3 rows to the clipboard'));
    expect(writeText).toHaveBeenCalledWith('id\tword\n0\t\n1\tword-1\n2\tword-2');
  });

  it('copies the selected cell with Ctrl+C', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderWithApp(<DataGrid data={bigData(3)} />);
    const cell = screen.getAllByTestId('data-grid-row')[1].children[2];
    fireEvent.click(cell);
    fireEvent.keyDown(screen.getByTestId('data-grid-scroll'), { key: 'c', ctrlKey: true });
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('word-1'));
  });
});

describe('DataGrid.css', () => {
  const gridCss = readFileSync(`${__dirname}/DataGrid.css`, 'utf8');
  // jsdom paints nothing, so the rules themselves are checked: every page that shows a grid (SQL
  // Lab, the history's results dialog) gets an opaque sticky header and row-number column.
  const rule = (selector: string) => {
    const start = gridCss.indexOf(`${selector} {`);
    expect(start, selector).toBeGreaterThanOrEqual(0);
    return gridCss.slice(start, gridCss.indexOf('}', start));
  };
  const opaque =
    'background: linear-gradient(var(--tdg-header-bg), var(--tdg-header-bg)), var(--tdg-bg);';

  it('lays the translucent header fill over the opaque grid background', () => {
    expect(rule('.tdg-header')).toContain(opaque);
    expect(rule('.tdg-rownum')).toContain(opaque);
    expect(rule('.tdg-row .tdg-rownum')).toContain(opaque);
    expect(gridCss).toMatch(/\.tdg-corner,\s*\.tdg-rownum \{/);
    expect(gridCss).not.toMatch(/background(-color)?: var\(--tdg-header-bg\);/);
  });
});
