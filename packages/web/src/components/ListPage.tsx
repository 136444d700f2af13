import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState.tsx';
import { ListView, type ListViewProps } from './ListView.tsx';
import { PageHeader } from './PageHeader.tsx';

export interface ListPageProps<T> {
  testId: string;
  title: string;
  subtitle: ReactNode;
  icon: ReactNode;
  /** The primary "+ Thing" button of the header (and of the empty state). */
  add: { label: string; testId: string; onClick: () => void };
  list: Omit<ListViewProps<T>, 'empty'>;
  /** Shown instead of the table while there is nothing at all, with the add button under it. */
  emptyState?: { title: string; description: ReactNode; testId: string };
  /** Modals and drawers the page opens. */
  children?: ReactNode;
}

/** A list page: its header with the add button, the searchable table, and its modals. */
export function ListPage<T extends object>(props: ListPageProps<T>) {
  const { add, emptyState } = props;
  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} data-testid={add.testId} onClick={add.onClick}>
      {add.label}
    </Button>
  );
  return (
    <div data-testid={props.testId}>
      <PageHeader
        title={props.title}
        subtitle={props.subtitle}
        icon={props.icon}
        actions={addButton}
      />
      <ListView<T>
        {...props.list}
        empty={emptyState && <EmptyState {...emptyState} action={addButton} />}
      />
      {props.children}
    </div>
  );
}
