import { DatabaseOutlined, ReloadOutlined } from '@ant-design/icons';
import type { SqllabDatabase } from '@tessera/shared/api/sqllabState';
import { Button, Flex, Select, Tooltip, Typography } from 'antd';
import { useApiQuery } from '../../../../app/useApiQuery.ts';
import { leftBarApi } from './leftBarApi.ts';

export interface TargetPickersProps {
  databases: SqllabDatabase[];
  dbId: number | null;
  catalog: string | null;
  schema: string | null;
  onDatabase: (dbId: number) => void;
  onCatalog: (catalog: string | null) => void;
  onSchema: (schema: string | null) => void;
  /** Bumped by the refresh button: lists load again with `force`. */
  refreshToken: number;
  onRefresh: () => void;
}

function Label({ children }: { children: string }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 500 }}>
      {children}
    </Typography.Text>
  );
}

/** Database, catalog (engines with several) and schema of the tab. */
export function TargetPickers(props: TargetPickersProps) {
  const { databases, dbId, catalog, schema } = props;
  const database = databases.find((db) => db.id === dbId) ?? null;
  const multiCatalog = Boolean(database?.allow_multi_catalog);
  const force = props.refreshToken;

  const catalogs = useApiQuery(
    (signal) => leftBarApi.catalogs(dbId as number, force > 0, signal),
    [dbId, force],
    { enabled: dbId !== null && multiCatalog },
  );
  const schemas = useApiQuery(
    (signal) => leftBarApi.schemas(dbId as number, catalog, force > 0, signal),
    [dbId, catalog, force],
    { enabled: dbId !== null },
  );

  return (
    <Flex vertical gap={10} data-testid="sqllab-target-pickers">
      <Flex vertical gap={4}>
        <Label>Database</Label>
        <Select
          showSearch
          optionFilterProp="label"
          placeholder="Select a database"
          value={dbId ?? undefined}
          onChange={props.onDatabase}
          options={databases.map((db) => ({
            value: db.id,
            label: db.database_name,
          }))}
          labelRender={({ label }) => (
            <Flex gap={6} align="center">
              <DatabaseOutlined />
              <span>{label}</span>
              {database && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {database.backend}
                </Typography.Text>
              )}
            </Flex>
          )}
          data-testid="sqllab-database-select"
        />
      </Flex>
      {multiCatalog && (
        <Flex vertical gap={4}>
          <Label>Catalog</Label>
          <Select
            showSearch
            allowClear
            placeholder="Select a catalog"
            loading={catalogs.loading}
            value={catalog ?? undefined}
            onChange={(value) => props.onCatalog(value ?? null)}
            options={(catalogs.data?.result ?? []).map((name) => ({ value: name, label: name }))}
            data-testid="sqllab-catalog-select"
          />
        </Flex>
      )}
      <Flex vertical gap={4}>
        <Flex justify="space-between" align="center">
          <Label>Schema</Label>
          <Tooltip title="Refresh the schema and table lists">
            <Button
              type="text"
              size="small"
              icon={<ReloadOutlined />}
              onClick={props.onRefresh}
              disabled={dbId === null}
              aria-label="Refresh"
              data-testid="sqllab-refresh-schemas"
            />
          </Tooltip>
        </Flex>
        <Select
          showSearch
          allowClear
          placeholder={dbId === null ? 'Select a database first' : 'Select a schema'}
          disabled={dbId === null}
          loading={schemas.loading}
          status={schemas.error ? 'error' : undefined}
          value={schema ?? undefined}
          onChange={(value) => props.onSchema(value ?? null)}
          options={(schemas.data?.result ?? []).map((name) => ({ value: name, label: name }))}
          notFoundContent={schemas.error ? schemas.error.error : undefined}
          data-testid="sqllab-schema-select"
        />
      </Flex>
    </Flex>
  );
}
