import { CHART_DEFINITIONS } from '@tessera/shared/viz/registry';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { themeModeSet } from '../../../app/themeSlice.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { VizTypePicker } from './VizTypePicker.tsx';

function Picker({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <VizTypePicker value={value} onChange={setValue} />
      <output data-testid="picked">{value}</output>
    </>
  );
}

// The drawings are a lazy chunk: on a loaded machine its first import takes a while.
const SLOW = { timeout: 20_000 };

const thumbnailOf = (element: HTMLElement) =>
  element.querySelector<HTMLImageElement>('img[data-testid="viz-type-thumbnail"]');

describe('the chart type gallery', () => {
  it('shows the current type with its drawing, and every type with its own in the gallery', async () => {
    renderWithApp(<Picker initial="pie" />);
    const button = screen.getByTestId('viz-type-picker');
    expect(button.textContent).toContain('Pie Chart');
    expect(button.textContent).toContain('View all charts');
    await waitFor(
      () => expect(thumbnailOf(button)?.getAttribute('data-viz-type')).toBe('pie'),
      SLOW,
    );

    fireEvent.click(button);
    const tiles = await screen.findAllByTestId('viz-type-option', {}, SLOW);
    expect(tiles).toHaveLength(CHART_DEFINITIONS.length);
    for (const tile of tiles) {
      const image = thumbnailOf(tile);
      expect(image, tile.dataset.vizType).not.toBeNull();
      expect(image?.src.startsWith('data:image/svg+xml')).toBe(true);
      expect(image?.dataset.vizType).toBe(tile.dataset.vizType);
    }
    // Every drawing is different: no type borrows another's.
    expect(new Set(tiles.map((t) => thumbnailOf(t)?.src)).size).toBe(tiles.length);
  }, 60_000);

  it('describes the chosen type below the gallery, and double click selects it', async () => {
    renderWithApp(<Picker initial="table" />);
    fireEvent.click(screen.getByTestId('viz-type-picker'));
    fireEvent.change(await screen.findByTestId('viz-type-search', {}, SLOW), {
      target: { value: 'waterfall' },
    });
    const [waterfall] = await screen.findAllByTestId('viz-type-option', {}, SLOW);
    expect(waterfall?.dataset.vizType).toBe('waterfall');
    fireEvent.click(waterfall as HTMLElement);
    expect(waterfall?.getAttribute('aria-pressed')).toBe('true');
    const details = screen.getByTestId('viz-type-details');
    expect(details.dataset.vizType).toBe('waterfall');
    expect(within(details).getByText('Waterfall Chart')).toBeTruthy();
    await waitFor(() => expect(thumbnailOf(details)?.dataset.vizType).toBe('waterfall'), SLOW);

    fireEvent.doubleClick(waterfall as HTMLElement);
    expect(screen.getByTestId('picked').textContent).toBe('waterfall');
  }, 60_000);

  it('redraws the thumbnails in the dark theme', async () => {
    const { store } = renderWithApp(<Picker initial="echarts_timeseries_line" />);
    const button = screen.getByTestId('viz-type-picker');
    await waitFor(() => expect(thumbnailOf(button)).not.toBeNull(), SLOW);
    const light = thumbnailOf(button)?.src;
    act(() => {
      store.dispatch(themeModeSet('dark'));
    });
    await waitFor(() => expect(thumbnailOf(button)?.src).not.toBe(light), SLOW);
    expect(decodeURIComponent(thumbnailOf(button)?.src ?? '')).toContain('#4c8dff');
  }, 60_000);
});
