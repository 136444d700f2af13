import type {
  AvailableEngine,
  DatabaseItem,
  ParametersSchema,
} from '@tessera/shared/api/databases';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { ConnectionFields } from './components/ConnectionFields.tsx';
import {
  connectionFields,
  connectionPayload,
  fieldSpans,
  newConnectionValues,
  valuesFromDatabase,
} from './connectionForm.ts';

/** A form schema shaped like the PostgreSQL engine's answer from `available/`. */
const POSTGRES_SCHEMA: ParametersSchema = {
  type: 'object',
  properties: {
    host: { type: 'string', title: 'Host' },
    port: { type: 'integer', title: 'Port', default: 5432 },
    database: { type: 'string', title: 'Database name' },
    username: { type: 'string', title: 'Username' },
    password: { type: 'string', title: 'Password', format: 'password' },
    ssl: { type: 'boolean', title: 'Use SSL', description: 'Encrypt the connection' },
  },
  required: ['host', 'port', 'database', 'username'],
};

const POSTGRES: AvailableEngine = {
  engine: 'postgresql',
  name: 'PostgreSQL',
  default_driver: 'psycopg2',
  sqlalchemy_uri_placeholder: 'postgresql://user:password@host:port/dbname',
  parameters: POSTGRES_SCHEMA,
  available_drivers: ['psycopg2'],
  preferred: true,
  engine_information: {
    supports_file_upload: true,
    supports_dynamic_catalog: false,
    disable_ssh_tunneling: false,
  },
};

describe('connection form generation', () => {
  it('makes one field per parameter, in order, with kinds from the schema', () => {
    expect(
      connectionFields(POSTGRES_SCHEMA).map((f) => [f.name, f.label, f.kind, f.required]),
    ).toEqual([
      ['host', 'Host', 'text', true],
      ['port', 'Port', 'number', true],
      ['database', 'Database name', 'text', true],
      ['username', 'Username', 'text', true],
      ['password', 'Password', 'password', false],
      ['ssl', 'Use SSL', 'boolean', false],
    ]);
  });

  it('labels an untitled parameter from its name', () => {
    const fields = connectionFields({
      type: 'object',
      properties: { service_account: { type: 'string' } },
      required: [],
    });
    expect(fields[0]?.label).toBe('Service account');
  });

  it('lays a port beside its host and a password beside its user name', () => {
    expect(fieldSpans(connectionFields(POSTGRES_SCHEMA))).toEqual([17, 7, 24, 12, 12, 24]);
  });

  it('has no fields for a URI-only engine', () => {
    expect(connectionFields(undefined)).toEqual([]);
  });

  it('starts a new connection with the engine name, its defaults and Superset option defaults', () => {
    expect(newConnectionValues(POSTGRES)).toMatchObject({
      database_name: 'PostgreSQL',
      parameters: { port: 5432, ssl: false },
      expose_in_sqllab: true,
      allow_run_async: false,
      allow_dml: false,
      allow_file_upload: false,
      cache_timeout: null,
    });
  });

  it('renders the generated inputs: text, number, password and checkbox', () => {
    const fields = connectionFields(POSTGRES_SCHEMA);
    render(
      <Form initialValues={{ parameters: { port: 5432 } }}>
        <ConnectionFields fields={fields} />
      </Form>,
    );
    for (const name of ['host', 'port', 'database', 'username', 'password', 'ssl']) {
      expect(screen.getByTestId(`connection-field-${name}`)).toBeTruthy();
    }
    expect((screen.getByTestId('connection-field-password') as HTMLInputElement).type).toBe(
      'password',
    );
    expect((screen.getByTestId('connection-field-port') as HTMLInputElement).value).toBe('5432');
    expect(screen.getByText('Database name')).toBeTruthy();
    expect(screen.getByText('Encrypt the connection')).toBeTruthy();
  });

  it('asks for every required parameter by its label', async () => {
    render(<RequiredFieldsHarness />);
    fireEvent.change(screen.getByTestId('connection-field-host'), {
      target: { value: 'db.internal' },
    });
    await act(async () => {
      await validate();
    });
    expect(await screen.findByText('Database name is required')).toBeTruthy();
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Port is required')).toBeTruthy();
    expect(screen.queryByText('Host is required')).toBeNull();
    expect(screen.queryByText('Password is required')).toBeNull();
  });
});

let validate: () => Promise<unknown> = async () => undefined;

function RequiredFieldsHarness() {
  const [form] = Form.useForm();
  validate = () => form.validateFields().catch(() => undefined);
  return (
    <Form form={form}>
      <ConnectionFields fields={connectionFields(POSTGRES_SCHEMA)} />
    </Form>
  );
}

describe('connection request body', () => {
  const values = {
    ...newConnectionValues(POSTGRES),
    database_name: '  Warehouse ',
    parameters: {
      host: ' db.internal ',
      port: 5432,
      database: 'analytics',
      username: 'me',
      password: '',
      ssl: true,
    },
    allow_dml: true,
    force_ctas_schema: ' ',
    cache_timeout: 600,
  };

  it('sends engine and parameters for the generated form, leaving empty optional ones out', () => {
    const body = connectionPayload(
      values,
      'postgresql',
      'dynamic_form',
      connectionFields(POSTGRES_SCHEMA),
    );
    expect(body).toEqual({
      database_name: 'Warehouse',
      configuration_method: 'dynamic_form',
      engine: 'postgresql',
      parameters: {
        host: 'db.internal',
        port: 5432,
        database: 'analytics',
        username: 'me',
        ssl: true,
      },
      expose_in_sqllab: true,
      allow_run_async: false,
      allow_dml: true,
      allow_ctas: false,
      allow_cvas: false,
      force_ctas_schema: null,
      disable_data_preview: false,
      cache_timeout: 600,
      allow_file_upload: false,
    });
  });

  it('sends the URI as typed for the URI tab', () => {
    const body = connectionPayload(
      { ...values, sqlalchemy_uri: ' postgresql://me:secret@db/analytics ' },
      'postgresql',
      'sqlalchemy_form',
    );
    expect(body).toMatchObject({
      configuration_method: 'sqlalchemy_form',
      engine: 'postgresql',
      sqlalchemy_uri: 'postgresql://me:secret@db/analytics',
    });
    expect(body).not.toHaveProperty('parameters');
  });

  it('fills an edit from the stored database, keeping the masked password as it came', () => {
    const item = {
      database_name: 'Warehouse',
      sqlalchemy_uri: 'postgresql://me:XXXXXXXXXX@db/analytics',
      parameters: { host: 'db', password: 'XXXXXXXXXX' },
      expose_in_sqllab: false,
      allow_run_async: true,
      allow_dml: false,
      allow_ctas: true,
      allow_cvas: false,
      force_ctas_schema: 'tmp',
      disable_data_preview: true,
      cache_timeout: null,
      allow_file_upload: true,
    } as unknown as DatabaseItem;
    expect(valuesFromDatabase(item)).toMatchObject({
      database_name: 'Warehouse',
      parameters: { host: 'db', password: 'XXXXXXXXXX' },
      expose_in_sqllab: false,
      allow_ctas: true,
      force_ctas_schema: 'tmp',
      disable_data_preview: true,
      allow_file_upload: true,
    });
  });
});
