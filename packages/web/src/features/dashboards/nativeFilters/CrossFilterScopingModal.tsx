import {
  type CrossFilterScopeSetting,
  GLOBAL_CROSS_FILTER_SCOPE,
} from '@tessera/shared/dashboard/crossFilters';
import { chartsInScope, type FilterScope } from '@tessera/shared/dashboard/nativeFilters';
import type { DashboardLayout } from '@tessera/shared/dashboard/position';
import { Flex, Menu, Radio, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Modal } from '../../../components/Modal.tsx';
import { CROSS_FILTER_VIZ_TYPES } from '../charts/chartMenu.ts';
import { useDashboardDispatch, useDashboardSelector, useDashboardStore } from '../state/hooks.ts';
import { saveCrossFilterScoping, scopeSettingsInState } from './crossFilters.ts';
import { checkedCharts, checkedKeys, scopeFromChecked, scopeTree } from './filterConfig.ts';

const GLOBAL_KEY = 'global';

/**
 * Superset's cross-filter scoping modal: the dashboard's global scope and, per chart that
 * cross-filters, "use the global scoping" or a scope of its own, each chosen on the tree of tabs
 * and charts. Saved with the dashboard's PUT (`saveCrossFilterScoping`).
 */
export function CrossFilterScopingModal({
  chartId,
  onClose,
}: {
  /** The chart whose menu opened the modal: selected first. */
  chartId?: number;
  onClose: () => void;
}) {
  const dispatch = useDashboardDispatch();
  const store = useDashboardStore();
  const layout = useDashboardSelector((s) => s.dashboardLayout.present as DashboardLayout);
  const sliceIds = useDashboardSelector((s) => s.dashboardState.sliceIds);
  const slices = useDashboardSelector((s) => s.dashboardInfo.slices);
  const storedGlobal = useDashboardSelector(
    (s) => s.dashboardInfo.info?.metadata.global_chart_configuration?.scope,
  );
  const [settings, setSettings] = useState(() => scopeSettingsInState(store.getState()));
  const [globalScope, setGlobalScope] = useState<FilterScope>(
    storedGlobal ?? GLOBAL_CROSS_FILTER_SCOPE,
  );
  const [selected, setSelected] = useState(chartId ? String(chartId) : GLOBAL_KEY);
  const [saving, setSaving] = useState(false);
  const name = (id: number) => slices[id]?.slice_name ?? `Chart ${id}`;
  const tree = useMemo(
    () => scopeTree(layout, (id) => slices[id]?.slice_name ?? `Chart ${id}`),
    [layout, slices],
  );
  const emitters = sliceIds.filter((id) => CROSS_FILTER_VIZ_TYPES.has(slices[id]?.viz_type ?? ''));

  const selectedChart = selected === GLOBAL_KEY ? null : Number(selected);
  const setting: CrossFilterScopeSetting =
    selectedChart === null ? globalScope : (settings[selectedChart] ?? 'global');
  const shownScope = setting === 'global' ? globalScope : setting;
  const reached = chartsInScope(shownScope, layout, sliceIds).filter((id) => id !== selectedChart);
  const setScope = (scope: CrossFilterScopeSetting) => {
    if (selectedChart === null) setGlobalScope(scope === 'global' ? globalScope : scope);
    else setSettings((old) => ({ ...old, [selectedChart]: scope }));
  };

  const save = async () => {
    setSaving(true);
    const ok = await dispatch(saveCrossFilterScoping(settings, globalScope));
    setSaving(false);
    if (ok) onClose();
  };

  return (
    <Modal
      open
      title="Cross-filter scoping"
      width={760}
      onCancel={onClose}
      onOk={save}
      okText="Save"
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'cross-filter-scoping-save' } as never}
      data-testid="cross-filter-scoping-modal"
    >
      <Flex gap={16} style={{ minHeight: 320 }}>
        <Menu
          mode="inline"
          selectedKeys={[selected]}
          onClick={({ key }) => setSelected(key)}
          style={{ width: 240, flex: 'none' }}
          items={[
            {
              key: GLOBAL_KEY,
              label: <span data-testid="cross-filter-scoping-item">All charts (global)</span>,
            },
            ...emitters.map((id) => ({
              key: String(id),
              label: (
                <span data-testid="cross-filter-scoping-item" data-chart-id={id}>
                  {name(id)}
                  {settings[id] && settings[id] !== 'global' ? ' *' : ''}
                </span>
              ),
            })),
          ]}
        />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Typography.Paragraph type="secondary">
            {selectedChart === null
              ? 'Charts a cross-filter reaches unless its chart has a scope of its own.'
              : `Charts a cross-filter from ${name(selectedChart)} reaches.`}
          </Typography.Paragraph>
          {selectedChart !== null && (
            <Radio.Group
              value={setting === 'global' ? 'global' : 'custom'}
              onChange={(e) => setScope(e.target.value === 'global' ? 'global' : globalScope)}
              style={{ marginBottom: 12 }}
            >
              <Radio value="global" data-testid="cross-filter-scope-global">
                Use the global scoping
              </Radio>
              <Radio value="custom" data-testid="cross-filter-scope-custom">
                Custom scoping
              </Radio>
            </Radio.Group>
          )}
          <div data-testid="cross-filter-scope-tree">
            <Tree
              checkable
              defaultExpandAll
              disabled={setting === 'global' && selectedChart !== null}
              treeData={[
                {
                  ...tree,
                  children: disableChart(tree.children ?? [], selectedChart),
                },
              ]}
              checkedKeys={checkedKeys(reached)}
              onCheck={(keys) => {
                const charts = checkedCharts(keys);
                // The emitter never filters itself: counting it as reached keeps it out of
                // `excluded`, as the scope is the same either way.
                if (selectedChart !== null) charts.push(selectedChart);
                setScope(scopeFromChecked(tree, charts));
              }}
            />
          </div>
        </div>
      </Flex>
    </Modal>
  );
}

type Node = ReturnType<typeof scopeTree>;

/** The tree with the emitting chart greyed out: its own cross-filter never reaches it. */
function disableChart(nodes: Node[], chartId: number | null): Array<Node & { disabled?: boolean }> {
  return nodes.map((node) => ({
    ...node,
    ...(node.key === `chart-${chartId}` ? { disabled: true } : {}),
    ...(node.children ? { children: disableChart(node.children, chartId) } : {}),
  }));
}
