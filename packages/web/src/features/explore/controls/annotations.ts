/** A saved annotation layer as Superset's form data holds it (spec "Annotation layer"). */
export interface AnnotationLayerValue {
  name: string;
  annotationType: 'FORMULA' | 'EVENT' | 'INTERVAL' | 'TIME_SERIES';
  /** '' for formulas, 'NATIVE' for Tessera's own layers. */
  sourceType: string;
  /** The formula in `x`, or the native layer's id. */
  value: string | number;
  show: boolean;
  showLabel: boolean;
  style: 'solid' | 'dashed' | 'dotted' | 'longDashed';
  width: number;
  color: string | null;
  opacity: string;
  hideLine: boolean;
  showMarkers: boolean;
  overrides: Record<string, unknown>;
  titleColumn: string;
  descriptionColumns: string[];
  timeColumn: string;
  intervalEndColumn: string;
}

export const LINE_STYLES: ReadonlyArray<[AnnotationLayerValue['style'], string]> = [
  ['solid', 'Solid'],
  ['dashed', 'Dashed'],
  ['longDashed', 'Long dashed'],
  ['dotted', 'Dotted'],
];

export function newAnnotationLayer(): AnnotationLayerValue {
  return {
    name: '',
    annotationType: 'FORMULA',
    sourceType: '',
    value: '',
    show: true,
    showLabel: false,
    style: 'solid',
    width: 1,
    color: null,
    opacity: '',
    hideLine: false,
    showMarkers: false,
    overrides: { time_range: null },
    titleColumn: '',
    descriptionColumns: [],
    timeColumn: '',
    intervalEndColumn: '',
  };
}
