import { sharedControls } from '@tessera/shared/controls/sharedControls';
import { validateInteger } from '@tessera/shared/controls/validators';
import type { ControlConfig } from '@tessera/shared/viz/types';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BoundsControl } from './BoundsControl.tsx';
import { CheckboxControl } from './CheckboxControl.tsx';
import { ColorPickerControl } from './ColorPickerControl.tsx';
import { ColorSchemeControl } from './ColorSchemeControl.tsx';
import { CurrencyControl } from './CurrencyControl.tsx';
import { HiddenControl } from './HiddenControl.tsx';
import { SelectControl } from './SelectControl.tsx';
import { SliderControl } from './SliderControl.tsx';
import { TextAreaControl } from './TextAreaControl.tsx';
import { parseControlText, TextControl } from './TextControl.tsx';
import { DATASOURCE, FORM_DATA, pick, renderControl } from './testing.tsx';

const select = (extra: Partial<ControlConfig> = {}): ControlConfig => ({
  type: 'SelectControl',
  label: 'Pick',
  choices: [
    ['a', 'Apple'],
    ['b', 'Banana'],
  ],
  ...extra,
});

describe('SelectControl', { timeout: 60_000 }, () => {
  it('sends the chosen choice', async () => {
    const { onChange } = renderControl(SelectControl, select(), 'a');
    await pick('control-ctl', 'Banana');
    expect(onChange).toHaveBeenCalledWith('b');
  });

  it('offers dataset columns for choicesFrom', async () => {
    const { onChange } = renderControl(
      SelectControl,
      select({ choices: undefined, choicesFrom: 'temporal_columns' }),
      null,
    );
    await pick('control-ctl', 'ds');
    expect(onChange).toHaveBeenCalledWith('ds');
    expect(screen.queryByTitle('gender')).toBeNull();
  });

  it('sends every value of a multi select', async () => {
    const { onChange } = renderControl(SelectControl, select({ multi: true }), ['a']);
    await pick('control-ctl', 'Banana');
    expect(onChange).toHaveBeenCalledWith(['a', 'b']);
  });

  it('takes a typed row limit as a number (free form) and lists the spec options', async () => {
    const { onChange } = renderControl(
      SelectControl,
      sharedControls.row_limit as ControlConfig,
      10000,
    );
    const box = within(screen.getByTestId('control-ctl')).getByRole('combobox');
    fireEvent.mouseDown(box);
    for (const option of ['10', '50', '100', '250', '500', '1000', '5000', '10000', '50000']) {
      expect((await screen.findAllByTitle(option)).length).toBeGreaterThan(0);
    }
    fireEvent.change(box, { target: { value: '1234' } });
    fireEvent.click((await screen.findAllByTitle('1234')).at(-1) as HTMLElement);
    expect(onChange).toHaveBeenCalledWith(1234);
  });

  it("lists the raw table's Ordering choices, each column ascending and descending", async () => {
    const { onChange } = renderControl(
      SelectControl,
      { type: 'SelectControl', label: 'Ordering', multi: true, freeForm: true, default: [] },
      ['["num", false]'],
      'order_by_cols',
    );
    expect(screen.getByText('num [desc]')).toBeTruthy();
    await pick('control-order_by_cols', 'gender [asc]');
    expect(onChange).toHaveBeenCalledWith(['["num", false]', '["gender", true]']);
  });

  it('offers the series limits 5, 10, 25, 50, 100, 500', async () => {
    renderControl(SelectControl, sharedControls.series_limit as ControlConfig, null);
    fireEvent.mouseDown(within(screen.getByTestId('control-ctl')).getByRole('combobox'));
    for (const option of ['5', '10', '25', '50', '100', '500']) {
      expect((await screen.findAllByTitle(option)).length).toBeGreaterThan(0);
    }
  });
});

describe('simple controls', { timeout: 60_000 }, () => {
  it('CheckboxControl toggles', () => {
    const { onChange } = renderControl(
      CheckboxControl,
      { type: 'CheckboxControl', label: 'Show legend' },
      false,
    );
    fireEvent.click(screen.getByRole('checkbox'));
    expect(onChange).toHaveBeenCalledWith(true);
    expect(screen.getByText('Show legend')).toBeTruthy();
  });

  it('TextControl parses integers and floats, and leaves bad text for the validator', () => {
    expect(parseControlText('12', { isInt: true })).toBe(12);
    expect(parseControlText('1.5', { isFloat: true })).toBe(1.5);
    expect(parseControlText('', { isInt: true })).toBeNull();
    const config: ControlConfig = { type: 'TextControl', label: 'Periods', isInt: true };
    const { onChange } = renderControl(TextControl, config, null);
    const input = screen.getByTestId('input-ctl');
    fireEvent.change(input, { target: { value: '7' } });
    expect(onChange).toHaveBeenLastCalledWith(7);
    fireEvent.change(input, { target: { value: '7.5' } });
    expect(onChange).toHaveBeenLastCalledWith('7.5');
    expect(validateInteger('7.5', { formData: FORM_DATA, datasource: DATASOURCE })).toBe(
      'is expected to be an integer',
    );
  });

  it('TextAreaControl sends its text', () => {
    const { onChange } = renderControl(
      TextAreaControl,
      { type: 'TextAreaControl', label: 'Markdown', language: 'markdown' },
      '',
    );
    fireEvent.change(screen.getByTestId('textarea-ctl'), { target: { value: '# Hi' } });
    expect(onChange).toHaveBeenCalledWith('# Hi');
  });

  it('SliderControl sends numbers', () => {
    const { onChange } = renderControl(
      SliderControl,
      { type: 'SliderControl', label: 'Opacity', min: 0, max: 1, step: 0.1 },
      0.5,
    );
    const input = within(screen.getByTestId('control-ctl')).getByRole('spinbutton');
    fireEvent.change(input, { target: { value: '0.8' } });
    expect(onChange).toHaveBeenCalledWith(0.8);
  });

  it('BoundsControl keeps [min, max] with empty sides as null', () => {
    const { onChange } = renderControl(
      BoundsControl,
      { type: 'BoundsControl', label: 'Y bounds' },
      [null, 10],
    );
    fireEvent.change(screen.getByLabelText('Min'), { target: { value: '2' } });
    expect(onChange).toHaveBeenCalledWith([2, 10]);
  });

  it('ColorPickerControl sends Superset rgba objects and keeps alpha', () => {
    const { onChange } = renderControl(
      ColorPickerControl,
      { type: 'ColorPickerControl', label: 'Colour' },
      { r: 0, g: 0, b: 0, a: 0.5 },
    );
    fireEvent.change(screen.getByTestId('color-picker-ctl'), { target: { value: '#ff8000' } });
    expect(onChange).toHaveBeenCalledWith({ r: 255, g: 128, b: 0, a: 0.5 });
  });

  it('ColorSchemeControl lists the categorical schemes with swatches', async () => {
    const { onChange } = renderControl(
      ColorSchemeControl,
      sharedControls.color_scheme as ControlConfig,
      'supersetColors',
    );
    fireEvent.mouseDown(within(screen.getByTestId('control-ctl')).getByRole('combobox'));
    const option = (await screen.findAllByTitle('D3 Category 10')).at(-1) as HTMLElement;
    expect(screen.getAllByTestId('scheme-swatch').length).toBeGreaterThan(1);
    fireEvent.click(option);
    expect(onChange).toHaveBeenCalledWith('d3Category10');
  });

  it('CurrencyControl sends {symbol, symbolPosition}', async () => {
    const { onChange } = renderControl(
      CurrencyControl,
      { type: 'CurrencyControl', label: 'Currency' },
      null,
    );
    await pick('currency-symbol-ctl', 'EUR');
    expect(onChange).toHaveBeenCalledWith({ symbol: 'EUR', symbolPosition: 'prefix' });
  });

  it('HiddenControl draws nothing', () => {
    const { container } = renderControl(HiddenControl, { type: 'HiddenControl', label: 'x' }, 1);
    expect(container.querySelector('[data-testid="control-ctl"]')?.childElementCount).toBe(0);
  });
});
