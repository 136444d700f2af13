import type { ControlType } from '@tessera/shared/viz/types';
import type { ComponentType } from 'react';
import { AdhocFilterControl } from './AdhocFilterControl.tsx';
import { AnnotationLayerControl } from './AnnotationLayerControl.tsx';
import { BoundsControl } from './BoundsControl.tsx';
import { CheckboxControl } from './CheckboxControl.tsx';
import { ColorPickerControl } from './ColorPickerControl.tsx';
import { ColorSchemeControl } from './ColorSchemeControl.tsx';
import { ColumnConfigControl } from './ColumnConfigControl.tsx';
import { ColumnsControl } from './ColumnsControl.tsx';
import { ConditionalFormattingControl } from './ConditionalFormattingControl.tsx';
import { CurrencyControl } from './CurrencyControl.tsx';
import { HiddenControl } from './HiddenControl.tsx';
import { MetricsControl } from './MetricsControl.tsx';
import { SelectControl } from './SelectControl.tsx';
import { SliderControl } from './SliderControl.tsx';
import { TextAreaControl } from './TextAreaControl.tsx';
import { TextControl } from './TextControl.tsx';
import { TimeRangeControl } from './TimeRangeControl.tsx';
import type { ControlProps } from './types.ts';

/** One component per control kind of the shared contract. */
export const CONTROL_COMPONENTS: Record<ControlType, ComponentType<ControlProps>> = {
  MetricsControl,
  ColumnsControl,
  AdhocFilterControl,
  TimeRangeControl,
  SelectControl,
  CheckboxControl,
  TextControl,
  TextAreaControl,
  SliderControl,
  ColorSchemeControl,
  ColorPickerControl,
  ConditionalFormattingControl,
  CurrencyControl,
  AnnotationLayerControl,
  BoundsControl,
  ColumnConfigControl,
  HiddenControl,
};
