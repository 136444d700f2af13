import { ConsoleSqlOutlined, SearchOutlined, TableOutlined } from '@ant-design/icons';
import { Card, Empty, Flex, Input, List, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../../app/api.ts';
import { useApiQuery } from '../../../app/useApiQuery.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { exploreApi } from '../exploreApi.ts';
import { datasetExploreUrl } from '../urlParams.ts';

/** Shown when the address names no dataset: pick one to start exploring. */
export function DatasetPicker() {
  const [search, setSearch] = useState('');
  const calls = useMemo(() => exploreApi(api), []);
  const datasets = useApiQuery((signal) => calls.datasets(search.trim(), signal), [search]);

  return (
    <Flex justify="center" style={{ padding: 32 }} data-testid="explore-dataset-picker">
      <Card title="Choose a dataset" style={{ width: 640, maxWidth: '100%' }}>
        <Typography.Paragraph type="secondary">
          A chart is built on a dataset. Pick the dataset to explore.
        </Typography.Paragraph>
        <Input
          autoFocus
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Search datasets"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          data-testid="explore-dataset-search"
          style={{ marginBottom: 12 }}
        />
        {datasets.error && <ErrorAlert error={datasets.error} testId="explore-dataset-error" />}
        <List
          loading={datasets.loading}
          dataSource={datasets.data?.result ?? []}
          locale={{ emptyText: <Empty description="No datasets" /> }}
          style={{ maxHeight: 420, overflow: 'auto' }}
          renderItem={(row) => {
            const id = Number(row.id);
            const database = (row.database as { database_name?: string } | undefined)
              ?.database_name;
            return (
              <List.Item>
                <Link to={datasetExploreUrl(id)} data-testid="explore-dataset-option" data-id={id}>
                  <Flex align="center" gap={8}>
                    {row.kind === 'virtual' ? <ConsoleSqlOutlined /> : <TableOutlined />}
                    <span>{String(row.table_name)}</span>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {[database, row.schema].filter(Boolean).join(' · ')}
                    </Typography.Text>
                  </Flex>
                </Link>
              </List.Item>
            );
          }}
        />
      </Card>
    </Flex>
  );
}
