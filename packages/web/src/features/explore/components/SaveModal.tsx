import { Alert, Button, Form, Input, Radio, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../../app/store.ts';
import { Modal } from '../../../components/Modal.tsx';
import type { DashboardChoice } from '../save/savePayload.ts';
import type { SaveAction } from '../state/exploreSlice.ts';
import { useExploreDispatch, useExploreSelector } from '../state/hooks.ts';
import { saveModalVisibilitySet } from '../state/saveModalSlice.ts';
import { fetchDashboards, saveChart } from '../state/thunks.ts';
import { chartExploreUrl } from '../urlParams.ts';

/** A dashboard picked from the list, or typed as a new one (antd's tag-mode select). */
const NEW_PREFIX = 'new:';

export const dashboardPath = (id: number) => `/superset/dashboard/${id}/`;

/** Opens the chart as saved now, dropping this page's edits (a whole load, not a URL sync). */
const reloadSavedChart = (sliceId: number) => window.location.assign(chartExploreUrl(sliceId));

/**
 * Save as new or overwrite, name the chart, and optionally add it to a dashboard. When an
 * overwrite is refused because someone saved the chart since it was opened, offers to reload it
 * (`onReload`) or to overwrite their changes.
 */
export function SaveModal({
  onReload = reloadSavedChart,
}: {
  onReload?: (sliceId: number) => void;
}) {
  const dispatch = useExploreDispatch();
  const navigate = useNavigate();
  const user = useAppSelector((state) => state.session.user);
  const explore = useExploreSelector((state) => state.explore);
  const { isVisible, dashboards, saveModalAlert, conflict } = useExploreSelector(
    (state) => state.saveModal,
  );
  const canOverwrite = explore.can_overwrite && explore.slice !== null;
  const [action, setAction] = useState<SaveAction>(canOverwrite ? 'overwrite' : 'saveas');
  const [name, setName] = useState('');
  const [dashboard, setDashboard] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [search, setSearch] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is filled once, on opening.
  useEffect(() => {
    if (!isVisible) return;
    setAction(canOverwrite ? 'overwrite' : 'saveas');
    setName(
      explore.sliceName || defaultName(explore.form_data?.viz_type, explore.datasource?.name),
    );
    setDashboard(null);
    if (user) void dispatch(fetchDashboards(user.userId));
  }, [isVisible]);

  const options = useMemo(
    () => dashboards.map((d) => ({ value: String(d.value), label: d.label })),
    [dashboards],
  );

  const choice = (): DashboardChoice | null => {
    if (!dashboard) return null;
    if (dashboard.startsWith(NEW_PREFIX)) {
      return { title: dashboard.slice(NEW_PREFIX.length), isNew: true };
    }
    const found = dashboards.find((d) => String(d.value) === dashboard);
    return found ? { id: found.value, title: found.label, isNew: false } : null;
  };

  const submit = async (goToDashboard: boolean, ignoreConflict = false) => {
    if (!name.trim()) return;
    setSaving(true);
    const outcome = await dispatch(
      saveChart({ action, sliceName: name, dashboard: choice(), ignoreConflict }),
    );
    setSaving(false);
    if (!outcome) return;
    if (goToDashboard && outcome.dashboardId) navigate(dashboardPath(outcome.dashboardId));
    else
      navigate(chartExploreUrl(outcome.sliceId), { replace: true, state: { exploreSync: true } });
  };

  const close = () => dispatch(saveModalVisibilitySet(false));
  const picked = dashboard !== null;

  return (
    <Modal
      open={isVisible}
      title="Save chart"
      onCancel={close}
      data-testid="save-modal"
      footer={[
        <Button key="cancel" onClick={close} data-testid="save-modal-cancel">
          Cancel
        </Button>,
        <Button
          key="go"
          disabled={!picked || !name.trim()}
          loading={saving}
          onClick={() => submit(true)}
          data-testid="save-modal-go-to-dashboard"
        >
          Save &amp; go to dashboard
        </Button>,
        <Button
          key="save"
          type="primary"
          disabled={!name.trim()}
          loading={saving}
          onClick={() => submit(false)}
          data-testid="save-modal-submit"
        >
          Save
        </Button>,
      ]}
    >
      {saveModalAlert && (
        <Alert
          type="warning"
          showIcon
          title={saveModalAlert}
          style={{ marginBottom: 12 }}
          data-testid="save-modal-alert"
          action={
            conflict && explore.slice ? (
              <ConflictChoices
                saving={saving}
                onReload={() => explore.slice && onReload(explore.slice.slice_id)}
                onOverwrite={() => submit(false, true)}
              />
            ) : undefined
          }
        />
      )}
      <Form layout="vertical" onFinish={() => submit(false)}>
        {explore.slice && (
          <Form.Item>
            <Radio.Group
              value={action}
              onChange={(event) => setAction(event.target.value as SaveAction)}
              data-testid="save-modal-action"
            >
              <Radio value="overwrite" disabled={!canOverwrite} data-testid="save-modal-overwrite">
                Save (Overwrite)
              </Radio>
              <Radio value="saveas" disabled={!explore.can_add} data-testid="save-modal-saveas">
                Save as…
              </Radio>
            </Radio.Group>
          </Form.Item>
        )}
        <Form.Item label="Chart name" required>
          <Input
            autoFocus
            value={name}
            maxLength={250}
            onChange={(event) => setName(event.target.value)}
            data-testid="save-modal-name"
          />
        </Form.Item>
        <Form.Item
          label="Add to dashboard"
          extra={
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Pick one of your dashboards, or type a name to create a new one.
            </Typography.Text>
          }
        >
          <Select
            allowClear
            showSearch
            placeholder="Select a dashboard or type a new name"
            value={dashboard}
            searchValue={search}
            onSearch={setSearch}
            options={withNewOption(options, search)}
            optionFilterProp="label"
            onChange={(value: string | undefined) => {
              setDashboard(value ?? null);
              setSearch('');
            }}
            data-testid="save-modal-dashboard"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ConflictChoices(props: {
  saving: boolean;
  onReload: () => void;
  onOverwrite: () => void;
}) {
  return (
    <span style={{ display: 'inline-flex', gap: 8 }}>
      <Button size="small" onClick={props.onReload} data-testid="save-modal-conflict-reload">
        Reload chart
      </Button>
      <Button
        size="small"
        danger
        loading={props.saving}
        onClick={props.onOverwrite}
        data-testid="save-modal-conflict-overwrite"
      >
        Overwrite
      </Button>
    </span>
  );
}

/** The typed text becomes a "new dashboard" option unless a dashboard has exactly that name. */
export function withNewOption(
  options: Array<{ value: string; label: string }>,
  search: string,
): Array<{ value: string; label: string }> {
  const title = search.trim();
  if (!title || options.some((o) => o.label === title)) return options;
  return [{ value: `${NEW_PREFIX}${title}`, label: `${title} (new dashboard)` }, ...options];
}

function defaultName(vizType?: string, datasetName?: string): string {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return [vizType, datasetName, when].filter(Boolean).join(' ');
}
