import { PlusOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Form, Input, Select, Space, Table, Tooltip } from 'antd';
import { EmptyState } from '../../../../components/EmptyState.tsx';
import type { MetricDraft } from '../../editorState.ts';
import { CertifiedIcons } from '../CertifiedIcons.tsx';
import { RowDetails } from './RowDetails.tsx';
import { ExpressionCell, RemoveRowButton } from './rowCells.tsx';

export interface MetricsTabProps {
  metrics: MetricDraft[];
  onChange: (key: string, patch: Partial<MetricDraft>) => void;
  onAdd: () => void;
  onRemove: (key: string) => void;
  problems: Record<string, string>;
  expandedKeys: string[];
  onExpandedKeysChange: (keys: string[]) => void;
}

const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CNY', 'INR', 'CHF', 'CAD', 'AUD', 'BRL'];

/** Saved aggregates of the dataset (SUM(x), COUNT(DISTINCT y) ...), checked by the engine on save. */
export function MetricsTab(props: MetricsTabProps) {
  const { metrics, onChange, problems } = props;
  const addButton = (
    <Button icon={<PlusOutlined />} onClick={props.onAdd} data-testid="metric-add">
      Add metric
    </Button>
  );
  if (metrics.length === 0) {
    return (
      <EmptyState
        testId="metrics-empty"
        title="No metrics yet"
        description="A metric is an aggregate SQL expression, such as SUM(amount) or COUNT(DISTINCT user_id), that charts can pick by name."
        action={addButton}
      />
    );
  }
  return (
    <Flex vertical gap={12} data-testid="editor-metrics">
      <Flex justify="flex-end">{addButton}</Flex>
      <Table<MetricDraft>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={metrics}
        data-testid="metrics-table"
        expandable={{
          expandedRowKeys: props.expandedKeys,
          onExpandedRowsChange: (keys) => props.onExpandedKeysChange(keys.map(String)),
          expandedRowRender: (metric) => (
            <RowDetails
              value={metric}
              onChange={(patch) => onChange(metric.key, patch)}
              warning={{ field: 'warning_text', value: metric.warning_text }}
              testIdPrefix="metric"
            >
              <Col span={24}>
                <Form.Item label="Currency" extra="Values of this metric are shown as amounts.">
                  <Space.Compact>
                    <Select
                      allowClear
                      placeholder="Currency"
                      style={{ width: 140 }}
                      value={metric.currency_symbol || undefined}
                      onChange={(value) => onChange(metric.key, { currency_symbol: value ?? '' })}
                      options={CURRENCIES.map((code) => ({ value: code, label: code }))}
                      data-testid="metric-currency"
                    />
                    <Select
                      style={{ width: 140 }}
                      value={metric.currency_position}
                      disabled={!metric.currency_symbol}
                      onChange={(value) => onChange(metric.key, { currency_position: value })}
                      options={[
                        { value: 'prefix', label: 'Prefix ($1)' },
                        { value: 'suffix', label: 'Suffix (1 $)' },
                      ]}
                      data-testid="metric-currency-position"
                    />
                  </Space.Compact>
                </Form.Item>
              </Col>
            </RowDetails>
          ),
        }}
        columns={[
          {
            title: 'Metric',
            key: 'metric_name',
            width: 220,
            render: (_, metric) => (
              <Flex vertical gap={6} data-testid="metric-row" data-metric={metric.metric_name}>
                <Flex align="center" gap={6}>
                  <Input
                    value={metric.metric_name}
                    placeholder="metric_name"
                    status={
                      problems[metric.key] && !metric.metric_name.trim() ? 'error' : undefined
                    }
                    onChange={(event) => onChange(metric.key, { metric_name: event.target.value })}
                    data-testid="metric-name"
                    aria-label="Metric name"
                  />
                  <CertifiedIcons
                    certifiedBy={metric.certified_by}
                    certificationDetails={metric.certification_details}
                    warning={metric.warning_text}
                    testIdPrefix="metric"
                  />
                </Flex>
                <Input
                  size="small"
                  value={metric.verbose_name}
                  placeholder="Label"
                  onChange={(event) => onChange(metric.key, { verbose_name: event.target.value })}
                  data-testid="metric-verbose-name"
                  aria-label="Label"
                />
              </Flex>
            ),
          },
          {
            title: 'SQL expression',
            key: 'expression',
            render: (_, metric) => (
              <ExpressionCell
                value={metric.expression}
                placeholder="e.g. SUM(amount)"
                problem={problems[metric.key]}
                onChange={(value) => onChange(metric.key, { expression: value })}
                testId="metric-expression"
              />
            ),
          },
          {
            title: (
              <Tooltip title="A d3-format string such as ,.2f (thousands, two decimals) or .1% (percent).">
                <span>Format</span>
              </Tooltip>
            ),
            key: 'd3format',
            width: 130,
            render: (_, metric) => (
              <Input
                value={metric.d3format}
                placeholder=",.2f"
                onChange={(event) => onChange(metric.key, { d3format: event.target.value })}
                data-testid="metric-d3format"
                aria-label="Number format"
              />
            ),
          },
          {
            key: 'remove',
            width: 48,
            render: (_, metric) => (
              <RemoveRowButton
                onRemove={() => props.onRemove(metric.key)}
                testId="metric-remove"
                label="Delete metric"
              />
            ),
          },
        ]}
      />
    </Flex>
  );
}
