import { BarChartOutlined, DashboardOutlined } from '@ant-design/icons';
import { logRoutes } from '@tessera/shared/api/routes/logs';
import { Link } from 'react-router';
import { api } from '../../app/api.ts';
import { useApiQuery } from '../../app/useApiQuery.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { RecentList, RecentRow } from './RecentList.tsx';

const RECENT_COUNT = 6;

/** Superset's item URLs carry the legacy prefix; the app's own routes do not need it. */
const appPath = (url: string) => url.replace(/^\/superset(?=\/dashboard\/)/, '');

/** The dashboards and charts the user opened last (`GET /api/v1/log/recent_activity/`). */
export function RecentlyViewed() {
  const recent = useApiQuery(
    (signal) =>
      api.call(logRoutes.recentActivity, { signal, q: { page: 0, page_size: RECENT_COUNT } }),
    [],
  );
  return (
    <RecentList
      query={recent}
      testId="recently-viewed"
      errorTitle="Could not load what you viewed recently"
      empty={
        <EmptyState
          testId="recently-viewed-empty"
          title="Nothing viewed yet"
          description="Dashboards and charts you open are listed here."
        />
      }
      row={(item, index) => (
        <RecentRow
          key={`${item.item_type}:${item.item_url}`}
          first={index === 0}
          icon={item.item_type === 'dashboard' ? <DashboardOutlined /> : <BarChartOutlined />}
          age={item.time_delta_humanized}
        >
          <Link to={appPath(item.item_url)} data-testid="recently-viewed-item">
            {item.item_title}
          </Link>
        </RecentRow>
      )}
    />
  );
}
