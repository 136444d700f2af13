import { type DashboardLayout, toPositionJson } from '@tessera/shared/dashboard/position';
import { Alert, Checkbox, Form, Input, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, errorMessage } from '../../../../app/api.ts';
import { useApiQuery } from '../../../../app/useApiQuery.ts';
import { useToasts } from '../../../../app/useToasts.ts';
import { Modal } from '../../../../components/Modal.tsx';
import { dashboardApi } from '../../dashboardApi.ts';
import { REFRESH_INTERVALS, refreshIntervalLabel } from '../../refresh.ts';
import { DASHBOARD_SAVED_MESSAGE, savedDashboardUrl } from '../../savedDashboard.ts';
import {
  cssChanged,
  lastModifiedTimeSet,
  refreshFrequencySet,
} from '../../state/dashboardSlice.ts';
import { useDashboardDispatch, useDashboardSelector } from '../../state/hooks.ts';

/** Edit CSS: the page shows every keystroke at once; Cancel puts the old CSS back. */
export function CssModal({ onClose }: { onClose: () => void }) {
  const dispatch = useDashboardDispatch();
  const { addDangerToast } = useToasts();
  const initial = useDashboardSelector((s) => s.dashboardState.css);
  const css = useDashboardSelector((s) => s.dashboardState.css);
  const editMode = useDashboardSelector((s) => s.dashboardState.editMode);
  const id = useDashboardSelector((s) => s.dashboardInfo.info?.id);
  const [original] = useState(initial);
  const calls = useMemo(() => dashboardApi(api), []);
  const templates = useApiQuery((signal) => calls.cssTemplates(signal), []);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!editMode && id) {
      setSaving(true);
      try {
        const answer = await calls.update(id, { css });
        if (answer.last_modified_time) dispatch(lastModifiedTimeSet(answer.last_modified_time));
      } catch (error) {
        addDangerToast(errorMessage(error));
        setSaving(false);
        return;
      }
    }
    onClose();
  };
  const cancel = () => {
    dispatch(cssChanged(original));
    onClose();
  };

  return (
    <Modal
      open
      width={720}
      title="Edit CSS"
      onCancel={cancel}
      onOk={save}
      okText={editMode ? 'Apply' : 'Save'}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'dashboard-css-save' } as never}
      data-testid="dashboard-css-modal"
    >
      <Form layout="vertical">
        <Form.Item label="Load a CSS template">
          <Select
            placeholder="Load a template"
            loading={templates.loading}
            options={(templates.data?.result ?? []).map((t) => ({
              value: t.id,
              label: t.template_name,
            }))}
            onChange={(value: number) => {
              const template = templates.data?.result.find((t) => t.id === value);
              if (template) dispatch(cssChanged(template.css));
            }}
            data-testid="dashboard-css-template"
          />
        </Form.Item>
        <Form.Item label="CSS" extra="Applies to this dashboard as you type.">
          <Input.TextArea
            rows={14}
            value={css}
            onChange={(e) => dispatch(cssChanged(e.target.value))}
            style={{ fontFamily: 'monospace', fontSize: 12 }}
            data-testid="dashboard-css-editor"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Save as: a copy of the dashboard, optionally with copies of its charts; opens the copy. */
export function SaveAsModal({ layout, onClose }: { layout: DashboardLayout; onClose: () => void }) {
  const navigate = useNavigate();
  const { addSuccessToast } = useToasts();
  const info = useDashboardSelector((s) => s.dashboardInfo.info);
  const css = useDashboardSelector((s) => s.dashboardState.css);
  const colorScheme = useDashboardSelector((s) => s.dashboardState.colorScheme);
  const [title, setTitle] = useState(`${info?.dashboard_title ?? ''} [copy]`);
  const [duplicate, setDuplicate] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const save = async () => {
    if (!info) return;
    setSaving(true);
    setFailure(null);
    try {
      const answer = await dashboardApi(api).copy(info.id, {
        dashboard_title: title,
        css,
        duplicate_slices: duplicate,
        json_metadata: JSON.stringify({
          ...info.metadata,
          color_scheme: colorScheme,
          positions: toPositionJson(layout),
        }),
      });
      onClose();
      // A copy carries no slug: it opens by its id.
      navigate(savedDashboardUrl({ id: answer.result.id, slug: null }));
      addSuccessToast(DASHBOARD_SAVED_MESSAGE);
    } catch (error) {
      setFailure(errorMessage(error));
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title="Save as"
      onCancel={onClose}
      onOk={save}
      okText="Save"
      confirmLoading={saving}
      okButtonProps={
        { disabled: !title.trim(), 'data-testid': 'dashboard-save-as-submit' } as never
      }
      data-testid="dashboard-save-as-modal"
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      <Form layout="vertical">
        <Form.Item label="Dashboard name">
          <Input
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            data-testid="dashboard-save-as-title"
          />
        </Form.Item>
        <Checkbox
          checked={duplicate}
          onChange={(e) => setDuplicate(e.target.checked)}
          data-testid="dashboard-save-as-duplicate"
        >
          Also copy the charts
        </Checkbox>
      </Form>
    </Modal>
  );
}

/** The offered intervals, plus the dashboard's own when its metadata names another one. */
export function refreshOptions(current: number) {
  const options = REFRESH_INTERVALS.map(([seconds, label]) => ({ value: seconds, label }));
  if (!options.some((o) => o.value === current)) {
    options.push({ value: current, label: refreshIntervalLabel(current) });
    options.sort((a, b) => a.value - b.value);
  }
  return options;
}

/**
 * The auto-refresh interval. Chosen in view mode it lasts for this visit only
 * (shouldPersistRefreshFrequency false); in edit mode the dashboard's save keeps it.
 */
export function RefreshIntervalModal({ onClose }: { onClose: () => void }) {
  const dispatch = useDashboardDispatch();
  const current = useDashboardSelector((s) => s.dashboardState.refreshFrequency);
  const editMode = useDashboardSelector((s) => s.dashboardState.editMode);
  const [value, setValue] = useState(current);
  return (
    <Modal
      open
      title="Refresh interval"
      onCancel={onClose}
      onOk={() => {
        dispatch(refreshFrequencySet({ frequency: value, persist: editMode }));
        onClose();
      }}
      okText="Save"
      okButtonProps={{ 'data-testid': 'dashboard-refresh-save' } as never}
      data-testid="dashboard-refresh-modal"
    >
      <Typography.Text strong style={{ display: 'block', marginBottom: 6 }}>
        Refresh frequency
      </Typography.Text>
      <Select
        style={{ width: '100%' }}
        aria-label="Refresh frequency"
        value={value}
        onChange={setValue}
        // antd dims the chosen value while the list is open, which reads as a placeholder; the
        // current interval stays legible, as in Superset.
        styles={{ content: { opacity: 1 } }}
        options={refreshOptions(current)}
        data-testid="dashboard-refresh-select"
      />
      {!editMode && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          This interval applies to this visit only; edit the dashboard to keep it.
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
