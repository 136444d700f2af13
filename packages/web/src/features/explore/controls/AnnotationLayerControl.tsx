import { DeleteOutlined, EyeInvisibleOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Popover, Typography } from 'antd';
import { useState } from 'react';
import { AnnotationLayerEditor } from './AnnotationLayerEditor.tsx';
import type { AnnotationLayerValue } from './annotations.ts';
import type { ControlProps } from './types.ts';
import { type NativeLayerOption, useAnnotationLayers } from './useAnnotationLayers.ts';

export type AnnotationLayersHook = (enabled: boolean) => {
  layers: NativeLayerOption[];
  loading: boolean;
};

/** The chart's annotation layers: add (formula or native), edit, show/hide, remove. */
export function AnnotationLayerControl({
  name,
  value,
  onChange,
  useLayers = useAnnotationLayers,
}: ControlProps & { useLayers?: AnnotationLayersHook }) {
  const layers = Array.isArray(value) ? (value as AnnotationLayerValue[]) : [];
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const { layers: nativeLayers, loading } = useLayers(editing !== null);

  const save = (layer: AnnotationLayerValue) => {
    onChange(
      editing === 'new' ? [...layers, layer] : layers.map((l, i) => (i === editing ? layer : l)),
    );
    setEditing(null);
  };

  return (
    <div data-testid={`annotation-layers-${name}`}>
      {layers.length === 0 && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          No annotation layers
        </Typography.Text>
      )}
      {layers.map((layer, index) => (
        <div
          key={`${layer.name}:${String(index)}`}
          data-testid="annotation-layer"
          style={{ display: 'flex', alignItems: 'center', gap: 4 }}
        >
          <Button
            type="link"
            size="small"
            data-testid="annotation-edit"
            style={{
              padding: 0,
              flex: 1,
              justifyContent: 'flex-start',
              opacity: layer.show ? 1 : 0.5,
            }}
            onClick={() => setEditing(index)}
          >
            {layer.name}
          </Button>
          <Button
            size="small"
            type="text"
            data-testid="annotation-toggle"
            aria-label={layer.show ? 'Hide layer' : 'Show layer'}
            icon={layer.show ? <EyeOutlined /> : <EyeInvisibleOutlined />}
            onClick={() =>
              onChange(layers.map((l, i) => (i === index ? { ...l, show: !l.show } : l)))
            }
          />
          <Button
            size="small"
            type="text"
            data-testid="annotation-remove"
            aria-label="Remove layer"
            icon={<DeleteOutlined />}
            onClick={() => onChange(layers.filter((_, i) => i !== index))}
          />
        </div>
      ))}
      <Popover
        open={editing !== null}
        trigger="click"
        placement="right"
        destroyOnHidden
        onOpenChange={(open) => !open && setEditing(null)}
        content={
          editing !== null && (
            <AnnotationLayerEditor
              key={String(editing)}
              layer={editing === 'new' ? null : (layers[editing] ?? null)}
              nativeLayers={nativeLayers}
              loadingLayers={loading}
              takenNames={layers.filter((_, i) => i !== editing).map((l) => l.name)}
              onCancel={() => setEditing(null)}
              onSave={save}
            />
          )
        }
      >
        <Button
          size="small"
          icon={<PlusOutlined />}
          data-testid="annotation-add"
          onClick={() => setEditing('new')}
        >
          Add annotation layer
        </Button>
      </Popover>
    </div>
  );
}
