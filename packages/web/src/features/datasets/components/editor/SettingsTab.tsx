import type { DatasetItem } from '@tessera/shared/api/datasets';
import { Card, Col, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { SettingsDraft } from '../../editorState.ts';
import { OwnersField } from './OwnersField.tsx';

export interface SettingsTabProps {
  dataset: DatasetItem;
  settings: SettingsDraft;
  onChange: (patch: Partial<SettingsDraft>) => void;
  temporalColumns: string[];
  problems: Record<string, string>;
  canChangeOwners: boolean;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card size="small" title={title} styles={{ body: { paddingBottom: 4 } }}>
      {children}
    </Card>
  );
}

const status = (problem: string | undefined) => (problem ? ('error' as const) : undefined);

/** What the dataset is called and described as, its time defaults, cache, owners and badges. */
export function SettingsTab({
  dataset,
  settings,
  onChange,
  temporalColumns,
  problems,
  canChangeOwners,
}: SettingsTabProps) {
  const virtual = dataset.kind === 'virtual';
  const source = [dataset.database.database_name, dataset.schema, dataset.table_name]
    .filter(Boolean)
    .join(' . ');
  return (
    <Form layout="vertical" component="div" data-testid="editor-settings">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Section title="Basic">
            {virtual ? (
              <Form.Item
                label="Name"
                required
                validateStatus={status(problems.table_name)}
                help={problems.table_name}
              >
                <Input
                  value={settings.table_name}
                  onChange={(event) => onChange({ table_name: event.target.value })}
                  data-testid="settings-name"
                />
              </Form.Item>
            ) : (
              <Form.Item label="Table" extra="A physical dataset is named after its table.">
                <Typography.Text code data-testid="settings-table">
                  {source}
                </Typography.Text>
              </Form.Item>
            )}
            <Form.Item label="Description">
              <Input.TextArea
                autoSize={{ minRows: 3, maxRows: 8 }}
                value={settings.description}
                placeholder="What the data is and where it comes from"
                onChange={(event) => onChange({ description: event.target.value })}
                data-testid="settings-description"
              />
            </Form.Item>
            <Form.Item
              label="Owners"
              extra={
                canChangeOwners
                  ? 'Owners may edit and delete this dataset.'
                  : 'Only admins can change owners.'
              }
            >
              <OwnersField
                editable={canChangeOwners}
                value={settings.owners}
                onChange={(owners) => onChange({ owners })}
                current={dataset.owners}
              />
            </Form.Item>
          </Section>
        </Col>
        <Col xs={24} lg={10}>
          <Section title="Time">
            <Form.Item
              label="Main datetime column"
              extra="The time column charts filter and group by unless they pick another."
            >
              <Select
                allowClear
                value={settings.main_dttm_col || undefined}
                onChange={(value) => onChange({ main_dttm_col: value ?? '' })}
                placeholder={temporalColumns.length ? 'Select a column' : 'No temporal column'}
                options={temporalColumns.map((name) => ({ value: name, label: name }))}
                data-testid="settings-main-dttm"
              />
            </Form.Item>
            <Form.Item label="Default time grain">
              <Select
                allowClear
                value={settings.default_time_grain || undefined}
                onChange={(value) => onChange({ default_time_grain: value ?? '' })}
                placeholder="Day"
                options={dataset.time_grain_sqla.map(([value, label]) => ({ value, label }))}
                data-testid="settings-time-grain"
              />
            </Form.Item>
            <Form.Item>
              <Switch
                size="small"
                checked={settings.always_filter_main_dttm}
                onChange={(checked) => onChange({ always_filter_main_dttm: checked })}
                data-testid="settings-always-filter"
              />{' '}
              <Typography.Text>Always filter on the main datetime column</Typography.Text>
            </Form.Item>
          </Section>
        </Col>
        <Col xs={24} lg={14}>
          <Section title="Certification and warning">
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item label="Certified by">
                  <Input
                    value={settings.certified_by}
                    placeholder="e.g. Data team"
                    onChange={(event) => onChange({ certified_by: event.target.value })}
                    data-testid="settings-certified-by"
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label="Certification details">
                  <Input
                    value={settings.certification_details}
                    onChange={(event) => onChange({ certification_details: event.target.value })}
                    data-testid="settings-certification-details"
                  />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item label="Warning" extra="Markdown, shown to everyone who charts this dataset.">
              <Input.TextArea
                autoSize={{ minRows: 2, maxRows: 6 }}
                value={settings.warning_markdown}
                onChange={(event) => onChange({ warning_markdown: event.target.value })}
                data-testid="settings-warning"
              />
            </Form.Item>
          </Section>
        </Col>
        <Col xs={24} lg={10}>
          <Section title="Performance">
            <Form.Item
              label="Cache timeout"
              validateStatus={status(problems.cache_timeout)}
              help={
                problems.cache_timeout ??
                'Seconds a chart result stays cached. Empty uses the database setting.'
              }
            >
              <InputNumber
                min={0}
                precision={0}
                style={{ width: '100%' }}
                value={settings.cache_timeout === '' ? null : Number(settings.cache_timeout)}
                onChange={(value) =>
                  onChange({
                    cache_timeout: value === null || value === undefined ? '' : String(value),
                  })
                }
                suffix="s"
                data-testid="settings-cache-timeout"
              />
            </Form.Item>
            <Form.Item style={{ marginTop: 16 }}>
              <Switch
                size="small"
                checked={settings.filter_select_enabled}
                onChange={(checked) => onChange({ filter_select_enabled: checked })}
                data-testid="settings-filter-select"
              />{' '}
              <Typography.Text>Suggest values in filters</Typography.Text>
            </Form.Item>
            {virtual && (
              <Form.Item>
                <Switch
                  size="small"
                  checked={settings.normalize_columns}
                  onChange={(checked) => onChange({ normalize_columns: checked })}
                  data-testid="settings-normalize"
                />{' '}
                <Typography.Text>Normalize column names</Typography.Text>
              </Form.Item>
            )}
          </Section>
        </Col>
      </Row>
    </Form>
  );
}
