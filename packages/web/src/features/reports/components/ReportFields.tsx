import { isValidTimezone } from '@tessera/shared/reports/cron';
import { MAX_CUSTOM_WIDTH, MIN_CUSTOM_WIDTH } from '@tessera/shared/reports/schemas';
import {
  Col,
  Divider,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Radio,
  Row,
  Segmented,
  Select,
  Switch,
  Typography,
  theme,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useApiQuery } from '../../../app/useApiQuery.ts';
import { crontabError } from '../crontab.ts';
import {
  CONDITIONS,
  defaultFormat,
  emailProblem,
  FORMAT_LABELS,
  formatsFor,
  type ReportContent,
  type ReportFormValues,
  webhookProblem,
} from '../reportForm.ts';
import { reportsApi } from '../reportsApi.ts';
import { SchedulePicker } from './SchedulePicker.tsx';

const SEARCH_DELAY_MS = 250;

function timezones(): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((zone) => zone !== 'UTC')];
}

/** A search box's text, settled for a moment before it is asked about. */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/** A rule checking each entry of a tags select, naming the first bad one. */
const eachEntry = (check: (entry: string) => string | undefined) => ({
  validator: async (_: unknown, entries: string[] | undefined) => {
    for (const entry of entries ?? []) {
      const problem = check(entry);
      if (problem) throw new Error(problem);
    }
  },
});

const integerRule = (min: number, max: number, what: string) => ({
  validator: async (_: unknown, value: number | null | undefined) => {
    if (value === null || value === undefined) throw new Error(`${what} is required`);
    if (!Number.isInteger(value) || value < min || value > max)
      throw new Error(`${what} must be a whole number from ${min} to ${max}`);
  },
});

export interface FixedContent {
  kind: ReportContent;
  /** What the form is about, shown instead of a picker. */
  label: string;
  vizType?: string | null;
}

/** The pickers of a report's content when nothing fixes it (the list page's "+ Report"). */
function ContentPickers({ form }: { form: FormInstance<ReportFormValues> }) {
  const content: ReportContent = Form.useWatch('content', form) ?? 'dashboard';
  const [typedDashboard, setTypedDashboard] = useState('');
  const [typedChart, setTypedChart] = useState('');
  const dashboardSearch = useSettled(typedDashboard);
  const chartSearch = useSettled(typedChart);
  const dashboards = useApiQuery(
    (s) => reportsApi.dashboards(dashboardSearch, s),
    [dashboardSearch],
    {
      enabled: content === 'dashboard',
    },
  );
  const charts = useApiQuery((s) => reportsApi.charts(chartSearch, s), [chartSearch], {
    enabled: content === 'chart',
  });
  const chartRows = charts.data?.result ?? [];
  return (
    <>
      <Form.Item name="content" label="Content type" required>
        <Segmented<ReportContent>
          options={[
            {
              value: 'dashboard',
              label: <span data-testid="report-content-dashboard">Dashboard</span>,
            },
            { value: 'chart', label: <span data-testid="report-content-chart">Chart</span> },
          ]}
          onChange={(next) => {
            form.setFieldValue('report_format', defaultFormat(next));
          }}
        />
      </Form.Item>
      {content === 'dashboard' ? (
        <Form.Item
          name="dashboard"
          label="Dashboard"
          rules={[{ required: true, message: 'Choose a dashboard' }]}
        >
          <Select<number>
            placeholder="Search dashboards"
            showSearch={{ onSearch: setTypedDashboard, filterOption: false }}
            loading={dashboards.loading}
            options={(dashboards.data?.result ?? []).map((d) => ({
              value: Number(d.id),
              label: String(d.dashboard_title ?? `Dashboard ${d.id}`),
            }))}
            data-testid="report-dashboard"
          />
        </Form.Item>
      ) : (
        <Form.Item
          name="chart"
          label="Chart"
          rules={[{ required: true, message: 'Choose a chart' }]}
        >
          <Select<number>
            placeholder="Search charts"
            showSearch={{ onSearch: setTypedChart, filterOption: false }}
            loading={charts.loading}
            options={chartRows.map((c) => ({
              value: Number(c.id),
              label: String(c.slice_name ?? `Chart ${c.id}`),
            }))}
            onChange={(id) => {
              const viz = chartRows.find((c) => Number(c.id) === id)?.viz_type;
              form.setFieldValue('report_format', defaultFormat('chart', viz as string));
            }}
            data-testid="report-chart"
          />
        </Form.Item>
      )}
    </>
  );
}

/** An alert's query: the database it runs on, its SQL and the condition that fires it. */
function AlertQuery({ form }: { form: FormInstance<ReportFormValues> }) {
  const { token } = theme.useToken();
  const databases = useApiQuery((s) => reportsApi.databases(s), []);
  const condition = Form.useWatch('condition', form);
  return (
    <>
      <Form.Item
        name="database"
        label="Database"
        rules={[{ required: true, message: 'An alert needs a database' }]}
      >
        <Select<number>
          placeholder="Choose a database"
          loading={databases.loading}
          showSearch={{ optionFilterProp: 'label' }}
          options={(databases.data?.result ?? []).map((db) => ({
            value: Number(db.id),
            label: String(db.database_name),
          }))}
          data-testid="report-database"
        />
      </Form.Item>
      <Form.Item
        name="sql"
        label="SQL query"
        rules={[{ required: true, whitespace: true, message: 'An alert needs a SQL query' }]}
        extra="It should answer one number (one row, one column), or nothing."
      >
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 8 }}
          spellCheck={false}
          style={{ fontFamily: token.fontFamilyCode, fontSize: 13 }}
          placeholder="SELECT COUNT(*) FROM orders WHERE status = 'failed'"
          data-testid="report-sql"
        />
      </Form.Item>
      <Row gutter={12}>
        <Col span={14}>
          <Form.Item
            name="condition"
            label="Trigger alert if…"
            rules={[{ required: true, message: 'An alert needs a condition' }]}
          >
            <Select options={CONDITIONS} data-testid="report-condition" />
          </Form.Item>
        </Col>
        <Col span={10}>
          <Form.Item
            name="threshold"
            label="Value"
            required={Boolean(condition) && condition !== 'not null'}
            dependencies={['condition']}
            rules={[
              {
                validator: async (_, value: number | null | undefined) => {
                  const chosen = form.getFieldValue('condition');
                  if (chosen && chosen !== 'not null' && (value === null || value === undefined))
                    throw new Error('Enter a threshold');
                },
              },
            ]}
          >
            <InputNumber
              style={{ width: '100%' }}
              disabled={!condition || condition === 'not null'}
              placeholder="Threshold"
              data-testid="report-threshold"
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** Every field of the report/alert form, in Superset's order: general, content, schedule, delivery. */
export function ReportFields({
  form,
  fixed,
}: {
  form: FormInstance<ReportFormValues>;
  fixed?: FixedContent;
}) {
  const type = Form.useWatch('type', form);
  const content: ReportContent = Form.useWatch('content', form) ?? fixed?.kind ?? 'dashboard';
  const format = Form.useWatch('report_format', form);
  const alert = type === 'Alert';
  const zones = useMemo(() => timezones().map((z) => ({ value: z, label: z })), []);
  const formats = alert ? formatsFor('query') : formatsFor(content, fixed?.vizType);
  const screenshot = format === 'PNG' || format === 'PDF';

  return (
    <>
      <Form.Item name="type" hidden>
        <Input />
      </Form.Item>
      <Form.Item
        name="name"
        label={alert ? 'Alert name' : 'Report name'}
        rules={[
          { required: true, whitespace: true, message: 'Name is required' },
          { max: 150, message: 'The name may be at most 150 characters' },
        ]}
      >
        <Input autoComplete="off" data-testid="report-name" />
      </Form.Item>
      <Form.Item name="description" label="Description">
        <Input.TextArea
          autoSize={{ minRows: 1, maxRows: 4 }}
          placeholder="Include a description that will be sent with your report"
          data-testid="report-description"
        />
      </Form.Item>

      <Divider titlePlacement="start" plain style={{ margin: '4px 0 12px' }}>
        {alert ? 'Alert condition' : 'Content'}
      </Divider>
      {alert ? (
        <AlertQuery form={form} />
      ) : fixed ? (
        <Form.Item
          required
          label={fixed.kind === 'query' ? 'Query' : fixed.kind === 'chart' ? 'Chart' : 'Dashboard'}
        >
          <Typography.Text strong data-testid="report-fixed-content">
            {fixed.label}
          </Typography.Text>
        </Form.Item>
      ) : (
        <ContentPickers form={form} />
      )}

      <Divider titlePlacement="start" plain style={{ margin: '4px 0 12px' }}>
        Schedule
      </Divider>
      <Form.Item
        name="crontab"
        required
        label={alert ? 'Check the condition' : 'Send the report'}
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              const problem = crontabError(value ?? '');
              if (problem) throw new Error(problem);
            },
          },
        ]}
      >
        <SchedulePicker />
      </Form.Item>
      <Form.Item
        name="timezone"
        label="Timezone"
        required
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              if (!value || !isValidTimezone(value))
                throw new Error('Not a valid time zone: use an IANA name such as Europe/Paris');
            },
          },
        ]}
      >
        <Select showSearch options={zones} data-testid="report-timezone" />
      </Form.Item>

      <Divider titlePlacement="start" plain style={{ margin: '4px 0 12px' }}>
        Notification
      </Divider>
      <Form.Item name="report_format" label="Message content" required>
        <Radio.Group data-testid="report-format">
          {formats.map((f) => (
            <Radio key={f} value={f} data-testid={`report-format-${f}`}>
              {FORMAT_LABELS[f]}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="emails"
        label="Email recipients"
        dependencies={['webhooks']}
        extra="Type an address and press Enter; several may be separated by commas."
        rules={[
          eachEntry(emailProblem),
          {
            validator: async (_, emails: string[] | undefined) => {
              const webhooks: string[] = form.getFieldValue('webhooks') ?? [];
              if ((emails ?? []).length === 0 && webhooks.length === 0)
                throw new Error('Add at least one email address or webhook URL');
            },
          },
        ]}
      >
        <Select
          mode="tags"
          tokenSeparators={[',', ';', ' ']}
          open={false}
          suffixIcon={null}
          placeholder="name@example.com"
          data-testid="report-emails"
        />
      </Form.Item>
      <Form.Item
        name="webhooks"
        label="Webhook URLs"
        extra="Each receives a POST with the report as JSON."
        rules={[eachEntry(webhookProblem)]}
      >
        <Select
          mode="tags"
          tokenSeparators={[' ']}
          open={false}
          suffixIcon={null}
          placeholder="https://hooks.example.com/…"
          data-testid="report-webhooks"
        />
      </Form.Item>
      {!alert && screenshot && (
        <Form.Item
          name="custom_width"
          label="Screenshot width"
          rules={[
            {
              validator: async (_, value: number | null | undefined) => {
                if (value === null || value === undefined) return;
                if (
                  !Number.isInteger(value) ||
                  value < MIN_CUSTOM_WIDTH ||
                  value > MAX_CUSTOM_WIDTH
                )
                  throw new Error(
                    `The width must be from ${MIN_CUSTOM_WIDTH} to ${MAX_CUSTOM_WIDTH} pixels`,
                  );
              },
            },
          ]}
        >
          <InputNumber
            style={{ width: 200 }}
            placeholder="Input custom width in pixels"
            suffix="px"
            data-testid="report-custom-width"
          />
        </Form.Item>
      )}

      <Divider titlePlacement="start" plain style={{ margin: '4px 0 12px' }}>
        Advanced
      </Divider>
      <Row gutter={12}>
        {alert && (
          <Col span={8}>
            <Form.Item
              name="grace_period"
              label="Grace period"
              required
              tooltip="After the alert fires, it stays quiet this long."
              rules={[integerRule(1, 31_536_000, 'The grace period')]}
            >
              <InputNumber style={{ width: '100%' }} suffix="s" data-testid="report-grace-period" />
            </Form.Item>
          </Col>
        )}
        <Col span={8}>
          <Form.Item
            name="working_timeout"
            label="Working timeout"
            required
            tooltip="A run still working after this long ends as Error."
            rules={[integerRule(1, 86_400, 'The working timeout')]}
          >
            <InputNumber
              style={{ width: '100%' }}
              suffix="s"
              data-testid="report-working-timeout"
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="log_retention"
            label="Log retention"
            required
            tooltip="Execution log rows older than this are removed."
            rules={[integerRule(0, 3650, 'The log retention')]}
          >
            <InputNumber
              style={{ width: '100%' }}
              suffix="days"
              data-testid="report-log-retention"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="active" label="Active" valuePropName="checked" style={{ marginBottom: 0 }}>
        <Switch data-testid="report-active" />
      </Form.Item>
    </>
  );
}
