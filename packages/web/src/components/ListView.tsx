import { SearchOutlined } from '@ant-design/icons';
import type { ClientErrorObject } from '@tessera/shared/clientErrors';
import { Card, Flex, Input, Table, type TableColumnsType, type TableProps } from 'antd';
import { type Key, type ReactNode, useEffect, useState } from 'react';
import { ErrorAlert } from './ErrorAlert.tsx';
import { isAbort, toErrorObject } from './errorObject.ts';

export interface ListParams {
  page: number;
  pageSize: number;
  search: string;
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
}

/** The part of a Superset list answer a table needs: `{count, result}`. */
export interface ListPage<T> {
  count: number;
  result: T[];
}

export interface ListViewProps<T> {
  columns: TableColumnsType<T>;
  rowKey: string | ((record: T) => Key);
  load: (params: ListParams, signal: AbortSignal) => Promise<ListPage<T>>;
  searchPlaceholder?: string;
  /** Change it to load again (after a create, edit or delete). */
  reloadToken?: number;
  /** Shown instead of the table when there is nothing at all (no search typed). */
  empty?: ReactNode;
  /** Extra controls beside the search box. */
  toolbar?: ReactNode;
  pageSize?: number;
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  errorTitle?: string;
  testId?: string;
  /** Checkboxes for bulk actions (antd's row selection, passed through). */
  rowSelection?: TableProps<T>['rowSelection'];
  /** Change it when filters outside the table change: the list goes back to its first page. */
  resetKey?: string;
}

const SEARCH_DELAY_MS = 300;

/** A searchable, sortable, paged table over a list endpoint. */
export function ListView<T extends object>(props: ListViewProps<T>) {
  const { load, reloadToken, pageSize: initialPageSize = 25, defaultSort } = props;
  const [searchText, setSearchText] = useState('');
  const [params, setParams] = useState<ListParams>({
    page: 0,
    pageSize: initialPageSize,
    search: '',
    sortField: defaultSort?.field,
    sortOrder: defaultSort?.order,
  });
  const [data, setData] = useState<ListPage<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<ClientErrorObject | null>(null);
  const [retryToken, setRetryToken] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => {
      setParams((current) =>
        current.search === searchText.trim()
          ? current
          : { ...current, page: 0, search: searchText.trim() },
      );
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the key matters
  useEffect(() => {
    setParams((current) => (current.page === 0 ? current : { ...current, page: 0 }));
  }, [props.resetKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadToken and retryToken only trigger a reload
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    load(params, controller.signal)
      .then((page) => {
        setData(page);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (!isAbort(failure)) setError(toErrorObject(failure));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [load, params, reloadToken, retryToken]);

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = single?.order ? String(single.columnKey ?? single.field ?? '') : undefined;
    setParams((current) => ({
      ...current,
      page: (pagination.current ?? 1) - 1,
      pageSize: pagination.pageSize ?? current.pageSize,
      sortField: field || undefined,
      sortOrder: single?.order ? (single.order === 'ascend' ? 'asc' : 'desc') : undefined,
    }));
  };

  const nothingAtAll = !loading && !error && data?.count === 0 && params.search === '';

  return (
    <Card variant="outlined" styles={{ body: { padding: 0 } }} data-testid={props.testId}>
      <Flex gap={12} align="center" wrap style={{ padding: '14px 16px' }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={props.searchPlaceholder ?? 'Search'}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          style={{ maxWidth: 320 }}
          data-testid="list-search"
        />
        <Flex gap={8} style={{ marginLeft: 'auto' }}>
          {props.toolbar}
        </Flex>
      </Flex>
      {error && (
        <div style={{ padding: '0 16px 16px' }}>
          <ErrorAlert
            error={error}
            title={props.errorTitle}
            onRetry={() => setRetryToken((n) => n + 1)}
          />
        </div>
      )}
      {nothingAtAll && props.empty ? (
        props.empty
      ) : (
        <Table<T>
          rowKey={props.rowKey}
          rowSelection={props.rowSelection}
          columns={props.columns}
          dataSource={data?.result ?? []}
          loading={loading}
          onChange={onChange}
          size="middle"
          scroll={{ x: 'max-content' }}
          pagination={{
            current: params.page + 1,
            pageSize: params.pageSize,
            total: data?.count ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 25, 50, 100],
            showTotal: (total, [from, to]) => `${from}-${to} of ${total}`,
            hideOnSinglePage: false,
            style: { paddingInline: 16 },
          }}
        />
      )}
    </Card>
  );
}
