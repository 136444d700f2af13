import { ConsoleSqlOutlined, TableOutlined } from '@ant-design/icons';
import type { DatasetItem } from '@tessera/shared/api/datasets';
import type { ClientErrorObject } from '@tessera/shared/clientErrors';
import { isAdmin } from '@tessera/shared/permissions';
import { Alert, App, Button, Flex, Skeleton, Tabs, Tag, Typography } from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { errorMessage, toClientErrorObject } from '../../../../app/api.ts';
import { useAppSelector } from '../../../../app/store.ts';
import { useApiQuery } from '../../../../app/useApiQuery.ts';
import { useToasts } from '../../../../app/useToasts.ts';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { Modal } from '../../../../components/Modal.tsx';
import { datasetApi } from '../../datasetApi.ts';
import {
  type ColumnDraft,
  type DatasetDraft,
  type DraftProblems,
  draftFromDataset,
  draftProblems,
  isDirty,
  locateServerError,
  type MetricDraft,
  newCalculatedColumn,
  newMetric,
  type SettingsDraft,
  updateBody,
} from '../../editorState.ts';
import { canEditDataset, NOT_OWNER_MESSAGE } from '../../permissions.ts';
import { CalculatedColumnsTab } from './CalculatedColumnsTab.tsx';
import { ColumnsTab } from './ColumnsTab.tsx';
import { MetricsTab } from './MetricsTab.tsx';
import { SettingsTab } from './SettingsTab.tsx';
import { SqlTab } from './SqlTab.tsx';

export interface DatasetEditorModalProps {
  datasetId: number;
  onClose: () => void;
  onSaved: () => void;
}

type TabKey = 'settings' | 'sql' | 'columns' | 'calculated' | 'metrics';

const SETTINGS_PROBLEMS: Record<string, TabKey> = {
  table_name: 'settings',
  cache_timeout: 'settings',
  sql: 'sql',
  template_params: 'sql',
};

/** Which tab shows a problem: a settings field, or the row it is keyed by. */
function tabOfProblem(key: string, draft: DatasetDraft): TabKey {
  const settingsTab = SETTINGS_PROBLEMS[key];
  if (settingsTab) return settingsTab;
  if (draft.metrics.some((m) => m.key === key)) return 'metrics';
  const column = draft.columns.find((c) => c.key === key);
  return column?.calculated ? 'calculated' : 'columns';
}

function TabLabel({ label, count, testId }: { label: string; count?: number; testId: string }) {
  return (
    <span data-testid={testId}>
      {label}
      {count !== undefined && (
        <Tag bordered={false} style={{ marginInlineStart: 8, marginInlineEnd: 0 }}>
          {count}
        </Tag>
      )}
    </span>
  );
}

function syncSummary(before: DatasetItem, after: DatasetItem): string {
  const physical = (d: DatasetItem) =>
    new Set(d.columns.filter((c) => !c.expression).map((c) => c.column_name));
  const old = physical(before);
  const now = physical(after);
  const added = [...now].filter((n) => !old.has(n)).length;
  const removed = [...old].filter((n) => !now.has(n)).length;
  if (added === 0 && removed === 0) return 'Columns are in sync with the source';
  const parts = [];
  if (added) parts.push(`${added} added`);
  if (removed) parts.push(`${removed} removed`);
  return `Columns synced: ${parts.join(', ')}`;
}

/** The dataset editor: settings, SQL (virtual), columns, calculated columns and metrics. */
export function DatasetEditorModal({ datasetId, onClose, onSaved }: DatasetEditorModalProps) {
  const user = useAppSelector((state) => state.session.user);
  const { modal } = App.useApp();
  const { addSuccessToast, addDangerToast } = useToasts();
  const loaded = useApiQuery((signal) => datasetApi.get(datasetId, signal), [datasetId]);
  const [dataset, setDataset] = useState<DatasetItem | null>(null);
  const [saved, setSaved] = useState<DatasetDraft | null>(null);
  const [draft, setDraft] = useState<DatasetDraft | null>(null);
  const [tab, setTab] = useState<TabKey>('settings');
  const [problems, setProblems] = useState<DraftProblems>({});
  const [topError, setTopError] = useState<ClientErrorObject | null>(null);
  const [saving, setSaving] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const [expandedCalculated, setExpandedCalculated] = useState<string[]>([]);
  const [expandedMetrics, setExpandedMetrics] = useState<string[]>([]);

  const reset = useCallback((item: DatasetItem) => {
    const fresh = draftFromDataset(item);
    setDataset(item);
    setSaved(fresh);
    setDraft(fresh);
    setProblems({});
  }, []);

  useEffect(() => {
    if (loaded.data) reset(loaded.data.result);
  }, [loaded.data, reset]);

  const dirty = Boolean(draft && saved && isDirty(draft, saved));

  // Leaving the page (reload, closing the tab) with unsaved edits asks first, like closing the dialog.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const temporalColumns = useMemo(
    () =>
      (draft?.columns ?? [])
        .filter((c) => c.is_dttm && c.column_name.trim())
        .map((c) => c.column_name.trim()),
    [draft?.columns],
  );

  const requestClose = () => {
    if (!dirty) {
      onClose();
      return;
    }
    modal.confirm({
      title: 'Discard unsaved changes?',
      content: 'The changes you made to this dataset have not been saved.',
      okText: 'Discard',
      okButtonProps: { danger: true, 'data-testid': 'editor-discard' },
      cancelText: 'Keep editing',
      cancelButtonProps: { 'data-testid': 'editor-keep-editing' },
      onOk: onClose,
    });
  };

  const forget = (key: string) =>
    setProblems((current) => {
      if (!(key in current)) return current;
      const { [key]: _gone, ...rest } = current;
      return rest;
    });

  const changeSettings = (patch: Partial<SettingsDraft>) => {
    setDraft((d) => (d ? { ...d, settings: { ...d.settings, ...patch } } : d));
    for (const key of Object.keys(patch)) forget(key);
  };
  const changeColumn = (key: string, patch: Partial<ColumnDraft>) => {
    setDraft((d) =>
      d ? { ...d, columns: d.columns.map((c) => (c.key === key ? { ...c, ...patch } : c)) } : d,
    );
    forget(key);
  };
  const changeMetric = (key: string, patch: Partial<MetricDraft>) => {
    setDraft((d) =>
      d ? { ...d, metrics: d.metrics.map((m) => (m.key === key ? { ...m, ...patch } : m)) } : d,
    );
    forget(key);
  };

  const sync = () => {
    const run = async () => {
      if (!dataset) return;
      setSyncing(true);
      try {
        await datasetApi.refresh(datasetId);
        const fresh = await datasetApi.get(datasetId);
        addSuccessToast(syncSummary(dataset, fresh.result));
        reset(fresh.result);
      } catch (failure) {
        addDangerToast(`Could not sync the columns: ${errorMessage(failure)}`);
      } finally {
        setSyncing(false);
      }
    };
    if (!dirty) {
      void run();
      return;
    }
    modal.confirm({
      title: 'Sync columns and discard your changes?',
      content:
        'Syncing reloads the dataset from the server; the edits you have not saved are lost.',
      okText: 'Sync',
      onOk: run,
    });
  };

  const save = async () => {
    if (!draft || !saved || !dataset) return;
    const virtual = dataset.kind === 'virtual';
    const found = draftProblems(draft, { virtual });
    const firstProblem = Object.keys(found)[0];
    if (firstProblem) {
      setProblems(found);
      setTab(tabOfProblem(firstProblem, draft));
      setTopError({ error: 'Fix the highlighted fields before saving.' });
      return;
    }
    setSaving(true);
    setTopError(null);
    try {
      await datasetApi.update(datasetId, updateBody(draft, { virtual, sendOwners: isAdmin(user) }));
      // The columns of a virtual dataset are those of its query: follow the new SQL at once.
      if (virtual && draft.settings.sql !== saved.settings.sql) await datasetApi.refresh(datasetId);
      addSuccessToast(`The dataset ${draft.settings.table_name} has been saved`);
      onSaved();
    } catch (failure) {
      const info = toClientErrorObject(failure);
      const located = locateServerError(info.error, draft);
      if (located) {
        setProblems({ [located.key]: info.error });
        setTab(tabOfProblem(located.key, draft));
        setTopError({
          error: `The ${located.kind} was refused: see the highlighted row.`,
        });
      } else {
        setTopError(info);
      }
    } finally {
      setSaving(false);
    }
  };

  const addCalculated = () => {
    const column = newCalculatedColumn();
    setDraft((d) => (d ? { ...d, columns: [...d.columns, column] } : d));
  };
  const addMetric = () => {
    const metric = newMetric();
    setDraft((d) => (d ? { ...d, metrics: [...d.metrics, metric] } : d));
  };
  const removeColumn = (key: string) => {
    setDraft((d) => (d ? { ...d, columns: d.columns.filter((c) => c.key !== key) } : d));
    forget(key);
  };
  const removeMetric = (key: string) => {
    setDraft((d) => (d ? { ...d, metrics: d.metrics.filter((m) => m.key !== key) } : d));
    forget(key);
  };

  const editable = dataset ? canEditDataset(user, dataset.owners) : true;
  const virtual = dataset?.kind === 'virtual';
  let body: ReactNode;
  if (loaded.error) {
    body = (
      <ErrorAlert error={loaded.error} title="Could not load the dataset" onRetry={loaded.reload} />
    );
  } else if (!dataset || !draft) {
    body = <Skeleton active paragraph={{ rows: 10 }} />;
  } else {
    const physicalColumns = draft.columns.filter((c) => !c.calculated);
    const calculatedColumns = draft.columns.filter((c) => c.calculated);
    const items = [
      {
        key: 'settings',
        label: <TabLabel label="Settings" testId="editor-tab-settings" />,
        children: (
          <SettingsTab
            dataset={dataset}
            settings={draft.settings}
            onChange={changeSettings}
            temporalColumns={temporalColumns}
            problems={problems}
            canChangeOwners={isAdmin(user)}
          />
        ),
      },
      ...(virtual
        ? [
            {
              key: 'sql',
              label: <TabLabel label="SQL" testId="editor-tab-sql" />,
              children: (
                <SqlTab
                  settings={draft.settings}
                  onChange={changeSettings}
                  problems={problems}
                  database={dataset.database.database_name}
                  schema={dataset.schema}
                />
              ),
            },
          ]
        : []),
      {
        key: 'columns',
        label: (
          <TabLabel label="Columns" count={physicalColumns.length} testId="editor-tab-columns" />
        ),
        children: (
          <ColumnsTab
            columns={physicalColumns}
            onChange={changeColumn}
            problems={problems}
            onSync={sync}
            syncing={syncing}
            virtual={virtual}
          />
        ),
      },
      {
        key: 'calculated',
        label: (
          <TabLabel
            label="Calculated columns"
            count={calculatedColumns.length}
            testId="editor-tab-calculated"
          />
        ),
        children: (
          <CalculatedColumnsTab
            columns={calculatedColumns}
            onChange={changeColumn}
            onAdd={addCalculated}
            onRemove={removeColumn}
            problems={problems}
            expandedKeys={expandedCalculated}
            onExpandedKeysChange={setExpandedCalculated}
          />
        ),
      },
      {
        key: 'metrics',
        label: (
          <TabLabel label="Metrics" count={draft.metrics.length} testId="editor-tab-metrics" />
        ),
        children: (
          <MetricsTab
            metrics={draft.metrics}
            onChange={changeMetric}
            onAdd={addMetric}
            onRemove={removeMetric}
            problems={problems}
            expandedKeys={expandedMetrics}
            onExpandedKeysChange={setExpandedMetrics}
          />
        ),
      },
    ];
    body = (
      <Flex vertical gap={12}>
        {!editable && <Alert type="warning" showIcon title={NOT_OWNER_MESSAGE} />}
        <Alert
          type="warning"
          showIcon
          data-testid="editor-impact-warning"
          title="Changes here affect every chart built on this dataset, including charts other people own."
        />
        {topError && (
          <ErrorAlert error={topError} title="The dataset was not saved" testId="editor-error" />
        )}
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as TabKey)}
          items={items}
          data-testid="editor-tabs"
        />
      </Flex>
    );
  }

  const title = dataset ? (
    <Flex align="center" gap={10} wrap>
      <span style={{ color: 'var(--ant-color-primary)' }} aria-hidden="true">
        {virtual ? <ConsoleSqlOutlined /> : <TableOutlined />}
      </span>
      <span>Edit dataset</span>
      <Typography.Text strong data-testid="editor-title-name">
        {dataset.table_name}
      </Typography.Text>
      <Tag color={virtual ? 'purple' : 'default'} bordered={false}>
        {virtual ? 'Virtual' : 'Physical'}
      </Tag>
      <Typography.Text type="secondary" style={{ fontWeight: 400, fontSize: 13 }}>
        {[dataset.database.database_name, dataset.schema].filter(Boolean).join(' / ')}
      </Typography.Text>
    </Flex>
  ) : (
    'Edit dataset'
  );

  return (
    <Modal
      open
      width={1120}
      title={title}
      onCancel={requestClose}
      data-testid="dataset-editor"
      styles={{
        body: {
          // A steady height: switching tabs does not make the dialog jump.
          minHeight: 'min(560px, calc(100vh - 240px))',
          maxHeight: 'calc(100vh - 240px)',
          overflowY: 'auto',
          overflowX: 'hidden',
          paddingRight: 4,
        },
      }}
      footer={
        <Flex align="center" justify="space-between">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {dataset
              ? `Last modified ${dataset.changed_on_humanized}${
                  dataset.changed_by
                    ? ` by ${dataset.changed_by.first_name} ${dataset.changed_by.last_name}`
                    : ''
                }`
              : ''}
            {dirty && (
              <Tag
                color="gold"
                bordered={false}
                style={{ marginInlineStart: 10 }}
                data-testid="editor-dirty"
              >
                Unsaved changes
              </Tag>
            )}
          </Typography.Text>
          <Flex gap={8}>
            <Button onClick={requestClose} data-testid="editor-cancel">
              Cancel
            </Button>
            <Button
              type="primary"
              onClick={save}
              loading={saving}
              disabled={!dirty || !editable}
              data-testid="editor-save"
            >
              Save
            </Button>
          </Flex>
        </Flex>
      }
    >
      {body}
    </Modal>
  );
}
