import { z } from 'zod';
import type { EngineSpec, FormField } from './types.ts';
import { buildSqlalchemyUri, parseSqlalchemyUri } from './uri.ts';

/**
 * The connection form of engines reached over the network (host, port, database, username,
 * password, extra query parameters, SSL): one schema and one URI mapping, so PostgreSQL and
 * MySQL/MariaDB differ only in their default port and how the URI spells "require SSL".
 */

export const networkParametersSchema = z.object({
  host: z.string({ error: 'Host is required' }).trim().min(1, 'Host is required'),
  port: z.coerce
    .number({ error: 'Port must be a number' })
    .int('Port must be a whole number')
    .min(1, 'The port number is invalid.')
    .max(65535, 'The port number is invalid.'),
  database: z
    .string({ error: 'Database name is required' })
    .trim()
    .min(1, 'Database name is required'),
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required'),
  password: z.string().optional().nullable(),
  encryption: z.boolean().optional().default(false),
  query: z.string().optional().nullable(),
});

export interface NetworkFormOptions {
  /** The scheme written by buildUri, e.g. `postgresql`. */
  scheme: string;
  defaultPort: number;
  /** The query parameter that asks for SSL, and the value buildUri writes for it. */
  sslParameter: string;
  sslRequired: string;
  /** Whether a value of `sslParameter` read back from a URI means "encrypted". */
  sslEnabled(value: string): boolean;
}

type NetworkFormSpec = Pick<
  EngineSpec,
  'sqlalchemyUriPlaceholder' | 'parameters' | 'parametersSchema' | 'buildUri' | 'parseUri'
>;

function formFields(options: NetworkFormOptions): FormField[] {
  return [
    { name: 'host', label: 'Host', type: 'string', required: true, placeholder: 'e.g. 127.0.0.1' },
    {
      name: 'port',
      label: 'Port',
      type: 'number',
      required: true,
      placeholder: `e.g. ${options.defaultPort}`,
      default: options.defaultPort,
    },
    {
      name: 'database',
      label: 'Database name',
      type: 'string',
      required: true,
      placeholder: 'e.g. world_population',
    },
    {
      name: 'username',
      label: 'Username',
      type: 'string',
      required: true,
      placeholder: 'e.g. Analytics',
    },
    {
      name: 'password',
      label: 'Password',
      type: 'password',
      required: false,
      placeholder: 'e.g. ********',
    },
    {
      name: 'query',
      label: 'Additional Parameters',
      type: 'string',
      required: false,
      placeholder: 'e.g. param1=value1&param2=value2',
    },
    {
      name: 'encryption',
      label: 'SSL',
      type: 'boolean',
      required: false,
      default: false,
      description: `Require an encrypted connection (${options.sslParameter}=${options.sslRequired})`,
    },
  ];
}

/** The form fields, schema and URI mapping of a network engine's EngineSpec. */
export function networkForm(options: NetworkFormOptions): NetworkFormSpec {
  const { scheme, defaultPort, sslParameter, sslRequired } = options;
  return {
    sqlalchemyUriPlaceholder: `${scheme}://user:password@host:${defaultPort}/database`,
    parameters: formFields(options),
    parametersSchema: networkParametersSchema,
    buildUri(parameters) {
      const values = networkParametersSchema.parse(parameters);
      const query = Object.fromEntries(new URLSearchParams(values.query ?? ''));
      if (values.encryption) query[sslParameter] = query[sslParameter] ?? sslRequired;
      return buildSqlalchemyUri({ scheme, ...values, query });
    },
    parseUri(uri) {
      const parsed = parseSqlalchemyUri(uri);
      const { [sslParameter]: ssl, ...rest } = parsed.query;
      return {
        host: parsed.host,
        port: parsed.port ?? defaultPort,
        database: parsed.database,
        username: parsed.username,
        encryption: ssl !== undefined && options.sslEnabled(ssl),
        query: new URLSearchParams(rest).toString(),
      };
    },
  };
}
