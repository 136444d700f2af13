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
import { type ReactNode, useEffect, useMemo, useState } from 'react';
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

/** A free list of typed entries: no dropdown, each entry ends at a separator or Enter. */
const TAGS = { mode: 'tags', open: false, suffixIcon: null } as const;

/** A section heading of the form. */
function Section({ children }: { children: ReactNode }) {
  return (
    <Divider titlePlacement="start" plain style={{ margin: '4px 0 12px' }}>
      {children}
    </Divider>
  );
}

/** One of the "Advanced" whole-number settings, a third of the row wide. */
function WholeNumberCol({
  name,
  label,
  tooltip,
  range: [min, max],
  suffix,
}: {
  name: 'grace_period' | 'working_timeout' | 'log_retention';
  label: string;
  tooltip: string;
  range: [number, number];
  suffix: string;
}) {
  return (
    <Col span={8}>
      <Form.Item
        name={name}
        label={label}
        required
        tooltip={tooltip}
        rules={[integerRule(min, max, `The ${label.toLowerCase()}`)]}
      >
        <InputNumber
          style={{ width: '100%' }}
          suffix={suffix}
          data-testid={`report-${name.replaceAll('_', '-')}`}
        />
      </Form.Item>
    </Col>
  );
}

export interface FixedContent {
  kind: ReportContent;
  /** What the form is about, shown instead of a picker. */
  label: string;
  vizType?: string | null;
}

/** A picker's search: what was typed, settled, asked of the server while the picker shows. */
function usePickerSearch<T>(ask: (text: string, signal: AbortSignal) => Promise<T>, on: boolean) {
  const [typed, setTyped] = useState('');
  const search = useSettled(typed);
  const answer = useApiQuery((s) => ask(search, s), [search], { enabled: on });
  return { ...answer, setTyped };
}

/** The required, server-searched picker of the dashboard or the chart a report sends. */
function ContentPicker({
  name,
  label,
  onSearch,
  loading,
  options,
  onChange,
}: {
  name: 'dashboard' | 'chart';
  label: string;
  onSearch: (text: string) => void;
  loading: boolean;
  options: Array<{ value: number; label: string }>;
  onChange?: (id: number) => void;
}) {
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, message: `Choose a ${name}` }]}>
      <Select<number>
        placeholder={`Search ${name}s`}
        showSearch={{ onSearch, filterOption: false }}
        loading={loading}
        options={options}
        onChange={onChange}
        data-testid={`report-${name}`}
      />
    </Form.Item>
  );
}

/** The pickers of a report's content when nothing fixes it (the list page's "+ Report"). */
function ContentPickers({ form }: { form: FormInstance<ReportFormValues> }) {
  const content: ReportContent = Form.useWatch('content', form) ?? 'dashboard';
  const dashboards = usePickerSearch(reportsApi.dashboards, content === 'dashboard');
  const charts = usePickerSearch(reportsApi.charts, content === 'chart');
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
        <ContentPicker
          name="dashboard"
          label="Dashboard"
          onSearch={dashboards.setTyped}
          loading={dashboards.loading}
          options={(dashboards.data?.result ?? []).map((d) => ({
            value: Number(d.id),
            label: String(d.dashboard_title ?? `Dashboard ${d.id}`),
          }))}
        />
      ) : (
        <ContentPicker
          name="chart"
          label="Chart"
          onSearch={charts.setTyped}
          loading={charts.loading}
          options={chartRows.map((c) => ({
            value: Number(c.id),
            label: String(c.slice_name ?? `Chart ${c.id}`),
          }))}
          onChange={(id) => {
            const viz = chartRows.find((c) => Number(c.id) === id)?.viz_type;
            form.setFieldValue('report_format', defaultFormat('chart', viz as string));
          }}
        />
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

      <Section>{alert ? 'Alert condition' : 'Content'}</Section>
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

      <Section>Schedule</Section>
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

      <Section>Notification</Section>
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
          {...TAGS}
          tokenSeparators={[',', ';', ' ']}
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
          {...TAGS}
          tokenSeparators={[' ']}
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

      <Section>Advanced</Section>
      <Row gutter={12}>
        {alert && (
          <WholeNumberCol
            name="grace_period"
            label="Grace period"
            tooltip="After the alert fires, it stays quiet this long."
            range={[1, 31_536_000]}
            suffix="s"
          />
        )}
        <WholeNumberCol
          name="working_timeout"
          label="Working timeout"
          tooltip="A run still working after this long ends as Error."
          range={[1, 86_400]}
          suffix="s"
        />
        <WholeNumberCol
          name="log_retention"
          label="Log retention"
          tooltip="Execution log rows older than this are removed."
          range={[0, 3650]}
          suffix="days"
        />
      </Row>
      <Form.Item name="active" label="Active" valuePropName="checked" style={{ marginBottom: 0 }}>
        <Switch data-testid="report-active" />
      </Form.Item>
    </>
  );
}
