import {
  ApiOutlined,
  ConsoleSqlOutlined,
  DatabaseOutlined,
  PlusOutlined,
  SafetyCertificateOutlined,
  TableOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { DatabaseListItem } from '@tessera/shared/api/databases';
import { databaseRoutes } from '@tessera/shared/api/routes/databases';
import { hasPermission, isAdmin } from '@tessera/shared/permissions';
import { Button, Card, Col, Flex, Row, Tag, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { api } from '../../app/api.ts';
import { canManageDatabases } from '../../app/nav.tsx';
import { useAppSelector } from '../../app/store.ts';
import { useApiQuery } from '../../app/useApiQuery.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { RecentList, RecentRow } from './RecentList.tsx';
import { RecentlyViewed } from './RecentlyViewed.tsx';

type RecentDatabase = Pick<
  DatabaseListItem,
  'id' | 'database_name' | 'backend' | 'changed_on_delta_humanized'
>;

const RECENT_COUNT = 6;

function QuickLink(props: {
  to: string;
  icon: ReactNode;
  title: string;
  text: string;
  testId: string;
  external?: boolean;
}) {
  const { token } = theme.useToken();
  const body = (
    <Card hoverable size="small" style={{ height: '100%' }} styles={{ body: { padding: 16 } }}>
      <Flex gap={14} align="flex-start">
        <span
          style={{
            display: 'grid',
            placeItems: 'center',
            width: 36,
            height: 36,
            flex: 'none',
            borderRadius: 9,
            fontSize: 18,
            color: token.colorPrimary,
            background: token.colorPrimaryBg,
          }}
        >
          {props.icon}
        </span>
        <div>
          <Typography.Text strong>{props.title}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 13 }}>
            {props.text}
          </Typography.Paragraph>
        </div>
      </Flex>
    </Card>
  );
  return props.external ? (
    <a href={props.to} data-testid={props.testId} target="_blank" rel="noreferrer">
      {body}
    </a>
  ) : (
    <Link to={props.to} data-testid={props.testId}>
      {body}
    </Link>
  );
}

function RecentDatabases({ canManage }: { canManage: boolean }) {
  const recent = useApiQuery(
    (signal) =>
      api
        .call(databaseRoutes.list, {
          signal,
          q: {
            columns: ['id', 'database_name', 'backend', 'changed_on_delta_humanized'],
            order_column: 'changed_on_delta_humanized',
            order_direction: 'desc',
            page: 0,
            page_size: RECENT_COUNT,
          },
        })
        // The rows carry the columns the call names.
        .then((answer) => ({ ...answer, result: answer.result as RecentDatabase[] })),
    [],
  );
  return (
    <RecentList
      query={recent}
      testId="recent-databases"
      errorTitle="Could not load recent databases"
      // Users without database access see a hint rather than an error.
      whenRefused={(error) =>
        error.status === 403 || error.status === 401 ? (
          <EmptyState
            title="No databases shared with you"
            description="Ask an administrator for access to a database to start exploring data."
          />
        ) : null
      }
      empty={
        <EmptyState
          testId="recent-empty"
          title="No databases connected yet"
          description={
            canManage
              ? 'Connect your first database to browse its tables and start exploring.'
              : 'An administrator has not shared any database with you yet.'
          }
          action={
            canManage ? (
              <Link to="/databaseview/list/">
                <Button type="primary" icon={<PlusOutlined />}>
                  Connect a database
                </Button>
              </Link>
            ) : undefined
          }
        />
      }
      row={(item, index) => (
        <RecentRow
          key={item.id}
          first={index === 0}
          icon={<DatabaseOutlined />}
          age={item.changed_on_delta_humanized}
        >
          {canManage ? (
            <Link to={`/databaseview/list/?browse=${item.id}`} data-testid="recent-database">
              {item.database_name}
            </Link>
          ) : (
            <Typography.Text data-testid="recent-database">{item.database_name}</Typography.Text>
          )}
          {item.backend && <Tag>{item.backend}</Tag>}
        </RecentRow>
      )}
    />
  );
}

/** `/` and `/superset/welcome/`: a greeting, what the user can do next, and recent items. */
export function WelcomePage() {
  usePageTitle('Home');
  const user = useAppSelector((state) => state.session.user);
  const admin = isAdmin(user);
  const canManage = canManageDatabases(user);
  const roles = Object.keys(user?.roles ?? {});

  const canQuery = hasPermission(user, 'can_execute_sql_query', 'SQLLab');
  const canReadDatasets = hasPermission(user, 'can_read', 'Dataset');

  const links = [
    canQuery && {
      to: '/sqllab/',
      icon: <ConsoleSqlOutlined />,
      title: 'SQL Lab',
      text: 'Write and run SQL in tabs; save, share and download results.',
      testId: 'quick-sqllab',
    },
    canReadDatasets && {
      to: '/tablemodelview/list/',
      icon: <TableOutlined />,
      title: 'Datasets',
      text: 'Tables and queries with the columns and metrics charts use.',
      testId: 'quick-datasets',
    },
    canManage && {
      to: '/databaseview/list/',
      icon: <DatabaseOutlined />,
      title: 'Databases',
      text: 'Connect a database and browse its schemas and tables.',
      testId: 'quick-databases',
    },
    admin && {
      to: '/users/list/',
      icon: <TeamOutlined />,
      title: 'Users',
      text: 'Invite people, assign roles, deactivate accounts.',
      testId: 'quick-users',
    },
    admin && {
      to: '/roles/list/',
      icon: <SafetyCertificateOutlined />,
      title: 'Roles',
      text: 'Decide who can see which databases, schemas and tables.',
      testId: 'quick-roles',
    },
    {
      to: '/swagger/v1',
      icon: <ApiOutlined />,
      title: 'REST API',
      text: 'Superset-compatible API, documented with OpenAPI.',
      testId: 'quick-api',
      external: true,
    },
  ].filter(Boolean) as Array<Parameters<typeof QuickLink>[0]>;

  return (
    <div data-testid="welcome-page">
      <Flex vertical gap={4} style={{ marginBottom: 24 }}>
        <Typography.Title
          level={2}
          style={{ margin: 0, fontWeight: 650 }}
          data-testid="welcome-title"
        >
          Welcome{user?.firstName ? `, ${user.firstName}` : ''}
        </Typography.Title>
        <Typography.Text type="secondary">
          Signed in as {user?.username}
          {roles.length > 0 && (
            <>
              {' '}
              ·{' '}
              {roles.map((role) => (
                <Tag key={role} style={{ marginInline: 4 }}>
                  {role}
                </Tag>
              ))}
            </>
          )}
        </Typography.Text>
      </Flex>
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        {links.map((link) => (
          <Col key={link.testId} xs={24} sm={12} lg={links.length > 4 ? 8 : 6}>
            <QuickLink {...link} />
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card title="Recently viewed" style={{ marginBottom: 16 }}>
            <RecentlyViewed />
          </Card>
          <Card
            title="Recent databases"
            extra={canManage ? <Link to="/databaseview/list/">View all</Link> : undefined}
          >
            <RecentDatabases canManage={canManage} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="Getting started">
            <ol style={{ paddingInlineStart: 18, margin: 0, lineHeight: 1.9 }}>
              <li>
                {canManage ? (
                  <Link to="/databaseview/list/">Connect a database</Link>
                ) : (
                  'Get access to a database'
                )}
              </li>
              <li>Browse its schemas, tables and columns</li>
              {canQuery && (
                <li>
                  <Link to="/sqllab/">Query it in SQL Lab</Link> and save what you find
                </li>
              )}
              {canReadDatasets && (
                <li>
                  Turn tables into <Link to="/tablemodelview/list/">datasets</Link> with metrics
                </li>
              )}
              {admin && (
                <li>
                  <Link to="/users/list/">Invite your team</Link> and give them roles
                </li>
              )}
            </ol>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
