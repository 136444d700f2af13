import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import type { ClientErrorObject } from '@tessera/shared/clientErrors';
import { Alert, Button, Card, Flex, Steps, Typography, theme } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toClientErrorObject } from '../../app/api.ts';
import { useAppSelector } from '../../app/store.ts';
import { useApiQuery } from '../../app/useApiQuery.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useToasts } from '../../app/useToasts.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Forbidden } from '../../components/Forbidden.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { type PickedTable, TablePicker } from './components/TablePicker.tsx';
import { TablePreview } from './components/TablePreview.tsx';
import { datasetApi } from './datasetApi.ts';
import { DATASET_LIST_PATH, datasetEditPath, datasetExplorePath } from './paths.ts';
import { canWriteDatasets } from './permissions.ts';

/** `/dataset/add/`: pick a database, a schema and a table, see its columns, create the dataset. */
export function AddDatasetPage() {
  usePageTitle('New dataset');
  const user = useAppSelector((state) => state.session.user);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { addSuccessToast } = useToasts();
  const [picked, setPicked] = useState<PickedTable>({});
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<ClientErrorObject | null>(null);

  const pick = useCallback((next: PickedTable) => {
    setPicked(next);
    setError(null);
  }, []);

  const databases = useApiQuery((signal) => datasetApi.databases(signal), []);
  const databaseName = databases.data?.result.find((db) => Number(db.id) === picked.database)
    ?.database_name as string | undefined;

  const inSchema = useApiQuery(
    (signal) =>
      datasetApi.list(
        {
          filters: [
            { col: 'database', opr: 'rel_o_m', value: picked.database },
            { col: 'schema', opr: 'eq', value: picked.schema },
          ],
          page: 0,
          page_size: 1000,
          order_column: 'table_name',
          order_direction: 'asc',
        },
        signal,
      ),
    [picked.database, picked.schema],
    { enabled: picked.database !== undefined && picked.schema !== undefined },
  );
  const existing = useMemo(() => {
    const map = new Map<string, number>();
    for (const row of inSchema.data?.result ?? []) {
      // Virtual datasets carry a name, not a table: only physical ones claim a table.
      if (row.kind === 'physical') map.set(String(row.table_name), Number(row.id));
    }
    return map;
  }, [inSchema.data]);

  if (!canWriteDatasets(user)) return <Forbidden what="dataset creation" />;

  const ready =
    picked.database !== undefined && picked.schema !== undefined && picked.table !== undefined;
  const existingId = picked.table ? existing.get(picked.table) : undefined;
  // Every step picked shows as done: the last index plus one.
  const step = picked.table ? 3 : picked.schema ? 2 : picked.database !== undefined ? 1 : 0;

  const create = async (thenExplore = false) => {
    if (!ready) return;
    setCreating(true);
    setError(null);
    try {
      const answer = await datasetApi.create({
        database: picked.database as number,
        catalog: null,
        schema: picked.schema,
        table_name: picked.table as string,
      });
      if (thenExplore) {
        addSuccessToast(`Dataset ${picked.table} created`);
        navigate(datasetExplorePath(answer.id));
        return;
      }
      addSuccessToast(`Dataset ${picked.table} created: describe its columns and metrics`);
      navigate(datasetEditPath(answer.id));
    } catch (failure) {
      setError(toClientErrorObject(failure));
    } finally {
      setCreating(false);
    }
  };

  return (
    <div data-testid="dataset-add-page">
      <Link
        to={DATASET_LIST_PATH}
        style={{ display: 'inline-block', marginBottom: 8, fontSize: 13 }}
      >
        <ArrowLeftOutlined /> Datasets
      </Link>
      <PageHeader
        title="New dataset"
        subtitle="A physical dataset describes one table or view: pick it, check its columns, create it."
        icon={<PlusOutlined />}
      />
      <Card
        variant="outlined"
        styles={{
          body: { padding: 0, display: 'flex', height: 'calc(100vh - 220px)', minHeight: 520 },
        }}
      >
        <div
          style={{
            width: 320,
            flex: 'none',
            padding: 20,
            borderRight: `1px solid ${token.colorBorderSecondary}`,
            display: 'flex',
            flexDirection: 'column',
          }}
        >
          <TablePicker value={picked} onChange={pick} existing={existing} databases={databases} />
        </div>
        <Flex vertical style={{ flex: 1, minWidth: 0, minHeight: 0 }}>
          <div
            style={{
              padding: '16px 24px',
              borderBottom: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <Steps
              size="small"
              current={step}
              data-testid="add-steps"
              items={[
                { title: 'Database', description: databaseName ?? 'Pick one' },
                { title: 'Schema', description: picked.schema ?? 'Pick one' },
                { title: 'Table', description: picked.table ?? 'Pick one' },
              ]}
            />
          </div>
          <div style={{ flex: 1, padding: 24, overflow: 'auto' }}>
            {ready ? (
              <Flex vertical gap={12}>
                {existingId !== undefined && (
                  <Alert
                    type="warning"
                    showIcon
                    data-testid="add-existing-dataset"
                    title="This table already has a dataset"
                    description={
                      <span>
                        A table is described by one dataset.{' '}
                        <Link to={datasetEditPath(existingId)} data-testid="add-existing-link">
                          Edit the existing dataset
                        </Link>
                      </span>
                    }
                  />
                )}
                {error && (
                  <ErrorAlert
                    error={error}
                    title="The dataset was not created"
                    testId="dataset-create-error"
                  />
                )}
                <TablePreview
                  database={picked.database as number}
                  schema={picked.schema as string}
                  table={picked.table as string}
                />
              </Flex>
            ) : (
              <Flex align="center" justify="center" style={{ height: '100%' }}>
                <EmptyState
                  testId="add-empty"
                  title="Select a table"
                  description="Choose a database and a schema on the left, then the table or view the dataset describes. Its columns appear here."
                />
              </Flex>
            )}
          </div>
          <Flex
            justify="space-between"
            align="center"
            gap={8}
            style={{ padding: '12px 24px', borderTop: `1px solid ${token.colorBorderSecondary}` }}
          >
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              After creating it you can rename columns, add calculated columns and define metrics.
            </Typography.Text>
            <Flex gap={8}>
              <Button onClick={() => navigate(DATASET_LIST_PATH)} data-testid="add-cancel">
                Cancel
              </Button>
              <Button
                disabled={!ready || existingId !== undefined}
                loading={creating}
                onClick={() => create(true)}
                data-testid="add-create-explore"
              >
                Create dataset and create chart
              </Button>
              <Button
                type="primary"
                disabled={!ready || existingId !== undefined}
                loading={creating}
                onClick={() => create()}
                data-testid="add-create"
              >
                Create dataset
              </Button>
            </Flex>
          </Flex>
        </Flex>
      </Card>
    </div>
  );
}
