import { Skeleton, Typography } from 'antd';
import { useApiQuery } from '../../../app/useApiQuery.ts';
import { datasetApi } from '../datasetApi.ts';

/** What deleting datasets takes with it: the charts and dashboards built on them. */
export function DeleteDatasetSummary({ ids }: { ids: number[] }) {
  const related = useApiQuery(
    (signal) => Promise.all(ids.map((id) => datasetApi.relatedObjects(id, signal))),
    [ids.join(',')],
  );
  const charts = related.data?.reduce((sum, r) => sum + r.charts.count, 0) ?? 0;
  const dashboards = related.data?.reduce((sum, r) => sum + r.dashboards.count, 0) ?? 0;
  const subject = ids.length === 1 ? 'The dataset' : `The ${ids.length} datasets`;
  return (
    <div data-testid="delete-dataset-summary">
      {related.loading ? (
        <Skeleton active title={false} paragraph={{ rows: 1 }} />
      ) : charts + dashboards > 0 ? (
        <Typography.Paragraph>
          {subject} {ids.length === 1 ? 'is' : 'are'} used by{' '}
          <strong>
            {charts} {charts === 1 ? 'chart' : 'charts'}
          </strong>{' '}
          on{' '}
          <strong>
            {dashboards} {dashboards === 1 ? 'dashboard' : 'dashboards'}
          </strong>
          : they stop working once {ids.length === 1 ? 'it is' : 'they are'} deleted.
        </Typography.Paragraph>
      ) : (
        <Typography.Paragraph type="secondary">
          No chart uses {ids.length === 1 ? 'this dataset' : 'these datasets'}.
        </Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        The table in the database is not touched. This cannot be undone.
      </Typography.Paragraph>
    </div>
  );
}
