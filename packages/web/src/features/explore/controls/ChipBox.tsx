import { PlusOutlined } from '@ant-design/icons';
import { Popover, Tag } from 'antd';
import type { DragEvent, ReactNode } from 'react';

export interface Chip {
  key: string;
  label: string;
  /** Shown on hover: the full expression, or why the item looks odd. */
  title?: string;
  /** A value saved earlier that no longer matches the dataset. */
  invalid?: boolean;
  italic?: boolean;
}

interface ChipBoxProps {
  /** Prefix of the test ids: `<prefix>-chip`, `<prefix>-chip-remove`, `<prefix>-add`. */
  testPrefix: string;
  chips: Chip[];
  onChipClick?: (index: number) => void;
  onRemove: (index: number) => void;
  addLabel: string;
  onAdd?: () => void;
  showAdd: boolean;
  isOver: boolean;
  dropProps: {
    onDragOver: (event: DragEvent) => void;
    onDragLeave: () => void;
    onDrop: (event: DragEvent) => void;
  };
  /** The open editor, or null when closed. */
  popover: ReactNode | null;
  onPopoverClose: () => void;
}

/** The box metrics, columns and filters share: chips, an add row, a drop zone, one popover. */
export function ChipBox({
  testPrefix,
  chips,
  onChipClick,
  onRemove,
  addLabel,
  onAdd,
  showAdd,
  isOver,
  dropProps,
  popover,
  onPopoverClose,
}: ChipBoxProps) {
  return (
    <Popover
      open={popover !== null}
      content={popover}
      trigger="click"
      placement="right"
      destroyOnHidden
      onOpenChange={(open) => {
        if (!open) onPopoverClose();
      }}
    >
      <div
        data-testid={`${testPrefix}-dropzone`}
        data-over={isOver || undefined}
        {...dropProps}
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 4,
          padding: 4,
          minHeight: 32,
          borderRadius: 4,
          border: `1px ${isOver ? 'solid #1677ff' : 'dashed rgba(0,0,0,0.2)'}`,
          background: isOver ? 'rgba(22,119,255,0.06)' : undefined,
        }}
      >
        {chips.map((chip, index) => (
          <Tag
            key={chip.key}
            data-testid={`${testPrefix}-chip`}
            color={chip.invalid ? 'error' : undefined}
            title={chip.title ?? chip.label}
            closable
            closeIcon={<span data-testid={`${testPrefix}-chip-remove`}>×</span>}
            onClose={(event) => {
              event.preventDefault();
              event.stopPropagation();
              onRemove(index);
            }}
            style={{
              cursor: onChipClick ? 'pointer' : undefined,
              fontStyle: chip.italic ? 'italic' : undefined,
              maxWidth: '100%',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              marginInlineEnd: 0,
            }}
            onClick={() => onChipClick?.(index)}
          >
            <span data-testid={`${testPrefix}-chip-label`}>{chip.label}</span>
          </Tag>
        ))}
        {showAdd && (
          <button
            type="button"
            data-testid={`${testPrefix}-add`}
            onClick={onAdd}
            style={{
              border: 'none',
              background: 'none',
              color: 'rgba(0,0,0,0.45)',
              cursor: 'pointer',
              padding: '0 4px',
              fontSize: 12,
            }}
          >
            <PlusOutlined /> {addLabel}
          </button>
        )}
      </div>
    </Popover>
  );
}
