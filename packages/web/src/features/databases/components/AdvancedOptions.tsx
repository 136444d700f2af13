import { Checkbox, Collapse, Form, Input, InputNumber, Typography } from 'antd';
import type { ReactNode } from 'react';

function Option({ name, label, help }: { name: string; label: string; help: ReactNode }) {
  return (
    <Form.Item name={name} valuePropName="checked" style={{ marginBottom: 10 }}>
      <Checkbox data-testid={`option-${name}`}>
        <span>{label}</span>
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {help}
        </Typography.Text>
      </Checkbox>
    </Form.Item>
  );
}

/** The Advanced tab: what SQL Lab may do with this database, caching, and uploads. */
export function AdvancedOptions() {
  const exposed = Form.useWatch('expose_in_sqllab');
  const ctas = Form.useWatch('allow_ctas');
  const cvas = Form.useWatch('allow_cvas');
  return (
    <Collapse
      data-testid="advanced-options"
      defaultActiveKey={['sqllab']}
      items={[
        {
          key: 'sqllab',
          label: 'SQL Lab',
          forceRender: true,
          children: (
            <>
              <Option
                name="expose_in_sqllab"
                label="Expose database in SQL Lab"
                help="Allow this database to be queried in SQL Lab."
              />
              <div style={{ paddingLeft: 24, display: exposed === false ? 'none' : undefined }}>
                <Option
                  name="allow_ctas"
                  label="Allow CREATE TABLE AS"
                  help="Allow creating new tables from the results of a query."
                />
                <Option
                  name="allow_cvas"
                  label="Allow CREATE VIEW AS"
                  help="Allow creating new views from the results of a query."
                />
                {(ctas || cvas) && (
                  <Form.Item
                    name="force_ctas_schema"
                    label="CTAS & CVAS schema"
                    extra="Force all tables and views created this way into this schema."
                  >
                    <Input
                      placeholder="Create or select a schema"
                      data-testid="option-force_ctas_schema"
                    />
                  </Form.Item>
                )}
                <Option
                  name="allow_dml"
                  label="Allow DML"
                  help="Allow statements that change data: INSERT, UPDATE, DELETE, DROP, ..."
                />
                <Option
                  name="disable_data_preview"
                  label="Disable SQL Lab data preview queries"
                  help="Don't run a preview query when a table's metadata is shown in SQL Lab."
                />
              </div>
            </>
          ),
        },
        {
          key: 'performance',
          label: 'Performance',
          forceRender: true,
          children: (
            <>
              <Form.Item
                name="cache_timeout"
                label="Chart cache timeout"
                extra="Seconds chart data of this database stays cached. Empty uses the global default; 0 never expires."
              >
                <InputNumber
                  min={0}
                  precision={0}
                  style={{ width: 200 }}
                  suffix="seconds"
                  data-testid="option-cache_timeout"
                />
              </Form.Item>
              <Option
                name="allow_run_async"
                label="Asynchronous query execution"
                help="Run SQL Lab queries in the background, for long-running queries."
              />
            </>
          ),
        },
        {
          key: 'security',
          label: 'Security',
          forceRender: true,
          children: (
            <Option
              name="allow_file_upload"
              label="Allow file uploads to database"
              help="Let users upload CSV, Excel and columnar files into this database."
            />
          ),
        },
      ]}
    />
  );
}
