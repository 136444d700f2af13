import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  chartsInScope,
  FILTER_UNDO_DELETE_MS,
  type FilterConfigItem,
  NativeFilterConfiguration,
} from '@tessera/shared/dashboard/nativeFilters';
import type { DashboardLayout } from '@tessera/shared/dashboard/position';
import { Alert, Button, Dropdown, Flex, Modal, Typography, theme } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../app/api.ts';
import { useDashboardDispatch, useDashboardSelector, useDashboardStore } from '../state/hooks.ts';
import { saveFilters } from './chartFilters.ts';
import { DividerForm, FilterForm } from './FilterConfigForm.tsx';
import {
  fieldErrors,
  filtersChange,
  movedBefore,
  newDivider,
  newFilter,
  scopeTree,
} from './filterConfig.ts';

const EMPTY: FilterConfigItem[] = [];

const itemName = (item: FilterConfigItem) =>
  (item.type === 'DIVIDER' ? item.title : item.name) ||
  (item.type === 'DIVIDER' ? '[untitled divider]' : '[untitled]');

/**
 * "Add/Edit filters": the dashboard's filters and dividers on the left, the chosen one's settings
 * on the right. A deleted item can be restored for 5000 ms; Save validates every item with the
 * shared messages and sends the edits through `PUT /api/v1/dashboard/{id}/filters`.
 */
export function FiltersConfigModal({ onClose }: { onClose: () => void }) {
  const dispatch = useDashboardDispatch();
  const store = useDashboardStore();
  const { token } = theme.useToken();
  const stored = useDashboardSelector(
    (s) => s.dashboardInfo.info?.metadata.native_filter_configuration ?? EMPTY,
  );
  const layout = useDashboardSelector((s) => s.dashboardLayout.present as DashboardLayout);
  const sliceIds = useDashboardSelector((s) => s.dashboardState.sliceIds);
  const slices = useDashboardSelector((s) => s.dashboardInfo.slices);
  const [items, setItems] = useState<FilterConfigItem[]>(() =>
    stored.length ? [...stored] : [newFilter()],
  );
  const [currentId, setCurrentId] = useState(items[0]?.id ?? null);
  const [removing, setRemoving] = useState<string[]>([]);
  const [deleted, setDeleted] = useState<string[]>([]);
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const dragged = useRef<string | null>(null);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const live = items.filter((item) => !removing.includes(item.id));
  const errors = useMemo(() => (showErrors ? fieldErrors(live) : {}), [showErrors, live]);
  const tree = useMemo(
    () => scopeTree(layout, (id) => slices[id]?.slice_name ?? `Chart ${id}`),
    [layout, slices],
  );
  const current = items.find((item) => item.id === currentId) ?? null;

  const update = (next: FilterConfigItem) =>
    setItems((list) => list.map((item) => (item.id === next.id ? next : item)));
  const add = (item: FilterConfigItem) => {
    setItems((list) => [...list, item]);
    setCurrentId(item.id);
  };
  const finalise = (id: string) => {
    timers.current.delete(id);
    setRemoving((list) => list.filter((other) => other !== id));
    setItems((list) => list.filter((item) => item.id !== id));
    if (stored.some((item) => item.id === id)) setDeleted((list) => [...list, id]);
  };
  const remove = (id: string) => {
    setRemoving((list) => [...list, id]);
    timers.current.set(
      id,
      setTimeout(() => finalise(id), FILTER_UNDO_DELETE_MS),
    );
  };
  const restore = (id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setRemoving((list) => list.filter((other) => other !== id));
  };

  const save = async () => {
    setShowErrors(true);
    const problems = fieldErrors(live);
    const firstBad = live.find((item) => problems[item.id]);
    if (firstBad || !NativeFilterConfiguration.safeParse(live).success) {
      if (firstBad) setCurrentId(firstBad.id);
      return;
    }
    const dashboardId = store.getState().dashboardInfo.info?.id;
    if (dashboardId === undefined) return;
    const storedIds = new Set(stored.map((item) => item.id));
    const gone = [...deleted, ...removing.filter((id) => storedIds.has(id))];
    const change = filtersChange(stored, live, gone);
    setSaving(true);
    setFailure(null);
    try {
      await dispatch(saveFilters(dashboardId, change));
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={900}
      title="Add and edit filters"
      onCancel={onClose}
      data-testid="filters-config-modal"
      okText="Save"
      okButtonProps={{ loading: saving, 'data-testid': 'filter-config-save' } as never}
      cancelButtonProps={{ 'data-testid': 'filter-config-cancel' } as never}
      onOk={() => void save()}
      styles={{ body: { padding: 0 } }}
    >
      <Flex style={{ minHeight: 480, maxHeight: '70vh' }}>
        <Flex
          vertical
          gap={4}
          style={{
            width: 240,
            flex: 'none',
            padding: 12,
            borderRight: `1px solid ${token.colorBorderSecondary}`,
            overflowY: 'auto',
          }}
        >
          <Dropdown
            menu={{
              items: [
                {
                  key: 'filter',
                  label: <span data-testid="filter-config-add-filter">Filter</span>,
                },
                {
                  key: 'divider',
                  label: <span data-testid="filter-config-add-divider">Divider</span>,
                },
              ],
              onClick: ({ key }) => add(key === 'divider' ? newDivider() : newFilter()),
            }}
          >
            <Button icon={<PlusOutlined />} data-testid="filter-config-add" block>
              Add filters and dividers
            </Button>
          </Dropdown>
          {items.map((item) => {
            const gone = removing.includes(item.id);
            const selected = item.id === currentId;
            return (
              <Flex
                key={item.id}
                align="center"
                justify="space-between"
                data-testid="filter-config-item"
                data-filter-id={item.id}
                data-removed={gone ? 'true' : 'false'}
                draggable
                onDragStart={() => {
                  dragged.current = item.id;
                }}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => {
                  event.preventDefault();
                  const from = dragged.current;
                  dragged.current = null;
                  if (from) setItems((list) => movedBefore(list, from, item.id));
                }}
                onClick={() => setCurrentId(item.id)}
                style={{
                  padding: '6px 8px',
                  cursor: 'grab',
                  borderRadius: token.borderRadius,
                  background: selected ? token.controlItemBgActive : undefined,
                  color: errors[item.id] ? token.colorError : undefined,
                }}
              >
                <Typography.Text delete={gone} ellipsis style={{ color: 'inherit' }}>
                  {itemName(item)}
                </Typography.Text>
                {!gone && (
                  <Button
                    type="text"
                    size="small"
                    aria-label="Delete"
                    data-testid="filter-config-delete"
                    icon={<DeleteOutlined />}
                    onClick={(event) => {
                      event.stopPropagation();
                      remove(item.id);
                    }}
                  />
                )}
              </Flex>
            );
          })}
        </Flex>
        <div style={{ flex: 1, padding: 16, overflowY: 'auto' }}>
          {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
          {!current ? (
            <Typography.Text type="secondary">Add a filter or a divider.</Typography.Text>
          ) : removing.includes(current.id) ? (
            <Flex vertical align="center" gap={12} style={{ paddingTop: 80 }}>
              <Typography.Text>You have removed this filter.</Typography.Text>
              <Button data-testid="filter-config-restore" onClick={() => restore(current.id)}>
                Restore Filter
              </Button>
            </Flex>
          ) : current.type === 'DIVIDER' ? (
            <DividerForm
              key={current.id}
              divider={current}
              errors={errors[current.id]}
              onChange={update}
            />
          ) : (
            <FilterForm
              key={current.id}
              filter={current}
              errors={errors[current.id]}
              parents={live
                .filter((item) => item.type === 'NATIVE_FILTER' && item.id !== current.id)
                .map((item) => ({ value: item.id, label: itemName(item) }))}
              tree={tree}
              reached={chartsInScope(current.scope, layout, sliceIds)}
              allChartIds={sliceIds}
              onChange={update}
            />
          )}
        </div>
      </Flex>
    </Modal>
  );
}
