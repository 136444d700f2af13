import { Alert, Flex, Form, Typography } from 'antd';
import type { SettingsDraft } from '../../editorState.ts';
import { SqlTextArea } from './SqlTextArea.tsx';

export interface SqlTabProps {
  settings: SettingsDraft;
  onChange: (patch: Partial<SettingsDraft>) => void;
  problems: Record<string, string>;
  database: string;
  schema: string | null;
}

/** The query a virtual dataset stands for, and the Jinja parameters it is rendered with. */
export function SqlTab({ settings, onChange, problems, database, schema }: SqlTabProps) {
  return (
    <Form layout="vertical" component="div" data-testid="editor-sql">
      <Flex vertical gap={4} style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">
          Runs on <strong>{database}</strong>
          {schema ? (
            <>
              {' '}
              in schema <strong>{schema}</strong>
            </>
          ) : null}
          . Jinja templates such as {'{{ current_username() }}'} are rendered first.
        </Typography.Text>
      </Flex>
      <Form.Item
        label="SQL"
        required
        validateStatus={problems.sql ? 'error' : undefined}
        help={problems.sql}
      >
        <SqlTextArea
          value={settings.sql}
          onChange={(sql) => onChange({ sql })}
          autoSize={{ minRows: 12, maxRows: 24 }}
          placeholder="SELECT ..."
          data-testid="settings-sql"
          aria-label="SQL"
        />
      </Form.Item>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="When the SQL changes, saving runs it once and syncs the columns to what it returns."
      />
      <Form.Item
        label="Template parameters"
        validateStatus={problems.template_params ? 'error' : undefined}
        help={
          problems.template_params ??
          'A JSON object, e.g. {"country": "France"}, available to the template as variables.'
        }
      >
        <SqlTextArea
          value={settings.template_params}
          onChange={(template_params) => onChange({ template_params })}
          autoSize={{ minRows: 3, maxRows: 10 }}
          placeholder="{}"
          data-testid="settings-template-params"
          aria-label="Template parameters"
        />
      </Form.Item>
    </Form>
  );
}
