import { sharedControls } from '@tessera/shared/controls/sharedControls';
import type { ControlConfig } from '@tessera/shared/viz/types';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AnnotationLayerControl } from './AnnotationLayerControl.tsx';
import type { AnnotationLayerValue } from './annotations.ts';
import { ConditionalFormattingControl } from './ConditionalFormattingControl.tsx';
import { DATASOURCE, FORM_DATA, pick, renderControl, SLOW } from './testing.tsx';

const layersHook = () => ({ layers: [{ id: 4, name: 'Releases' }], loading: false });

function renderLayers(value: AnnotationLayerValue[]) {
  const onChange = vi.fn();
  render(
    <AnnotationLayerControl
      name="annotation_layers"
      config={sharedControls.annotation_layers as ControlConfig}
      value={value}
      onChange={onChange}
      datasource={DATASOURCE}
      formData={FORM_DATA}
      useLayers={layersHook}
    />,
  );
  return onChange;
}

describe('AnnotationLayerControl', { timeout: 60_000 }, () => {
  it('adds a formula layer', async () => {
    const onChange = renderLayers([]);
    fireEvent.click(screen.getByTestId('annotation-add'));
    fireEvent.change(await screen.findByTestId('annotation-name', {}, SLOW), {
      target: { value: 'Target' },
    });
    fireEvent.change(screen.getByTestId('annotation-formula'), { target: { value: '2 * x' } });
    await pick('annotation-style', 'Dashed');
    fireEvent.click(screen.getByTestId('annotation-save'));
    expect(onChange).toHaveBeenCalledWith([
      expect.objectContaining({
        name: 'Target',
        annotationType: 'FORMULA',
        sourceType: '',
        value: '2 * x',
        style: 'dashed',
        show: true,
      }),
    ]);
  });

  it('adds a native layer picked from the list', async () => {
    const onChange = renderLayers([]);
    fireEvent.click(screen.getByTestId('annotation-add'));
    fireEvent.change(await screen.findByTestId('annotation-name', {}, SLOW), {
      target: { value: 'Events' },
    });
    fireEvent.click(screen.getByText('Native layer'));
    await pick('annotation-native-select', 'Releases');
    fireEvent.click(screen.getByTestId('annotation-save'));
    expect(onChange).toHaveBeenCalledWith([
      expect.objectContaining({ name: 'Events', sourceType: 'NATIVE', value: 4 }),
    ]);
  });

  it('hides and removes a layer', () => {
    const layer = {
      name: 'Target',
      annotationType: 'FORMULA',
      sourceType: '',
      value: 'x',
      show: true,
    } as AnnotationLayerValue;
    const onChange = renderLayers([layer]);
    fireEvent.click(screen.getByTestId('annotation-toggle'));
    expect(onChange).toHaveBeenLastCalledWith([{ ...layer, show: false }]);
    fireEvent.click(screen.getByTestId('annotation-remove'));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });
});

describe('ConditionalFormattingControl', { timeout: 60_000 }, () => {
  const config: ControlConfig = { type: 'ConditionalFormattingControl', label: 'Formatting' };

  it('adds a rule and sets its column, operator and target', async () => {
    const { onChange, rerender } = renderControl(ConditionalFormattingControl, config, []);
    fireEvent.click(screen.getByTestId('conditional-add'));
    expect(onChange).toHaveBeenLastCalledWith([{ operator: 'None', colorScheme: '#5AC189' }]);
    rerender(
      <div data-testid="control-ctl">
        <ConditionalFormattingControl
          name="ctl"
          config={config}
          value={[{ column: 'num', operator: '≥', colorScheme: '#5AC189' }]}
          onChange={onChange}
          datasource={DATASOURCE}
          formData={FORM_DATA}
        />
      </div>,
    );
    fireEvent.change(screen.getByLabelText('Target value'), { target: { value: '10' } });
    expect(onChange).toHaveBeenLastCalledWith([
      { column: 'num', operator: '≥', colorScheme: '#5AC189', targetValue: 10 },
    ]);
  });

  it('offers the spec comparators and two values for between', async () => {
    const { onChange } = renderControl(ConditionalFormattingControl, config, [
      { column: 'num', operator: '≤ x ≤', targetValueLeft: 1, targetValueRight: 5 },
    ]);
    expect(screen.getByLabelText('Left value')).toBeTruthy();
    expect(screen.getByLabelText('Right value')).toBeTruthy();
    fireEvent.mouseDown(
      screen.getByTestId('conditional-operator').querySelector('input') as HTMLElement,
    );
    for (const comparator of [
      'None',
      '>',
      '<',
      '≥',
      '≤',
      '=',
      '≠',
      '< x <',
      '≤ x ≤',
      '≤ x <',
      '< x ≤',
    ]) {
      expect((await screen.findAllByTitle(comparator)).length).toBeGreaterThan(0);
    }
    fireEvent.click((await screen.findAllByTitle('<')).at(-1) as HTMLElement);
    expect(onChange).toHaveBeenCalledWith([
      expect.objectContaining({ column: 'num', operator: '<' }),
    ]);
  });
});
