import { Button, Input, InputNumber, Segmented, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { type AnnotationLayerValue, LINE_STYLES, newAnnotationLayer } from './annotations.ts';
import type { NativeLayerOption } from './useAnnotationLayers.ts';

interface AnnotationLayerEditorProps {
  layer: AnnotationLayerValue | null;
  nativeLayers: NativeLayerOption[];
  loadingLayers: boolean;
  /** Names taken by the chart's other layers. */
  takenNames: string[];
  onSave: (layer: AnnotationLayerValue) => void;
  onCancel: () => void;
}

type Kind = 'FORMULA' | 'NATIVE';

/** Adds or edits one layer: a formula in `x`, or a native layer, with its line style. */
export function AnnotationLayerEditor({
  layer,
  nativeLayers,
  loadingLayers,
  takenNames,
  onSave,
  onCancel,
}: AnnotationLayerEditorProps) {
  const [draft, setDraft] = useState<AnnotationLayerValue>(layer ?? newAnnotationLayer());
  const kind: Kind = draft.sourceType === 'NATIVE' ? 'NATIVE' : 'FORMULA';
  const set = (patch: Partial<AnnotationLayerValue>) => setDraft({ ...draft, ...patch });
  const nameTaken = takenNames.includes(draft.name.trim());
  const canSave = draft.name.trim() !== '' && !nameTaken && String(draft.value).trim() !== '';

  return (
    <div data-testid="annotation-popover" style={{ width: 340 }}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input
          data-testid="annotation-name"
          aria-label="Name"
          placeholder="Name"
          value={draft.name}
          status={nameTaken ? 'error' : undefined}
          onChange={(event) => set({ name: event.target.value })}
        />
        {nameTaken && (
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            A layer with this name already exists
          </Typography.Text>
        )}
        <Segmented<Kind>
          data-testid="annotation-type"
          block
          value={kind}
          onChange={(next) =>
            set(
              next === 'NATIVE'
                ? { sourceType: 'NATIVE', annotationType: 'EVENT', value: '' }
                : { sourceType: '', annotationType: 'FORMULA', value: '' },
            )
          }
          options={[
            { value: 'FORMULA', label: 'Formula' },
            { value: 'NATIVE', label: 'Native layer' },
          ]}
        />
        {kind === 'FORMULA' ? (
          <Input
            data-testid="annotation-formula"
            aria-label="Formula"
            placeholder="y = 2 * x + 10"
            value={String(draft.value)}
            onChange={(event) => set({ value: event.target.value })}
          />
        ) : (
          <Space.Compact block>
            <Select
              data-testid="annotation-native-select"
              aria-label="Annotation layer"
              style={{ width: '60%' }}
              loading={loadingLayers}
              placeholder="Choose a layer"
              value={typeof draft.value === 'number' ? draft.value : undefined}
              onChange={(value: number) => set({ value })}
              options={nativeLayers.map((l) => ({ value: l.id, label: l.name, title: l.name }))}
            />
            <Select
              data-testid="annotation-native-kind"
              aria-label="Annotation type"
              style={{ width: '40%' }}
              value={draft.annotationType}
              onChange={(annotationType: AnnotationLayerValue['annotationType']) =>
                set({ annotationType })
              }
              options={[
                { value: 'EVENT', label: 'Event', title: 'Event' },
                { value: 'INTERVAL', label: 'Interval', title: 'Interval' },
              ]}
            />
          </Space.Compact>
        )}
        <Space wrap>
          <Select
            data-testid="annotation-style"
            aria-label="Style"
            style={{ width: 130 }}
            value={draft.style}
            onChange={(style: AnnotationLayerValue['style']) => set({ style })}
            options={LINE_STYLES.map(([value, label]) => ({ value, label, title: label }))}
          />
          <InputNumber
            data-testid="annotation-width"
            aria-label="Width"
            min={1}
            max={10}
            value={draft.width}
            onChange={(width) => typeof width === 'number' && set({ width })}
          />
          <input
            type="color"
            data-testid="annotation-color"
            aria-label="Color"
            value={draft.color ?? '#000000'}
            onChange={(event) => set({ color: event.target.value })}
          />
        </Space>
      </Space>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 12 }}>
        <Button size="small" data-testid="annotation-cancel" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          size="small"
          type="primary"
          data-testid="annotation-save"
          disabled={!canSave}
          onClick={() => onSave({ ...draft, name: draft.name.trim() })}
        >
          {layer ? 'Apply' : 'Add'}
        </Button>
      </div>
    </div>
  );
}
