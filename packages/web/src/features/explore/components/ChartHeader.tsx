import {
  ConsoleSqlOutlined,
  DownloadOutlined,
  EditOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileTextOutlined,
  LinkOutlined,
  MailOutlined,
  MoreOutlined,
  SaveOutlined,
  SearchOutlined,
  ShareAltOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Flex, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useReportMenu } from '../../reports/useReportMenu.tsx';

export type ExportKind = 'csv' | 'xlsx' | 'png';

export interface ChartHeaderProps {
  sliceName: string;
  saved: boolean;
  isStarred: boolean;
  canEditName: boolean;
  canDownload: boolean;
  canSave: boolean;
  onRename: (name: string) => void;
  onToggleStar: () => void;
  onProperties: () => void;
  onCopyPermalink: () => void;
  onShareByEmail: () => void;
  onViewQuery: () => void;
  onExport: (kind: ExportKind) => void;
  onEditInSqlLab: () => void;
  onSave: () => void;
  /** The saved chart, for "Manage email reports" (absent for an unsaved chart). */
  reportChart?: { id: number; name: string; vizType: string | null } | null;
}

/** The chart's name, favourite star, properties, share and "..." menus, and Save. */
export function ChartHeader(props: ChartHeaderProps) {
  const { sliceName, saved, isStarred, canDownload, reportChart } = props;
  const [moreOpen, setMoreOpen] = useState(false);
  const reports = useReportMenu(reportChart ? { kind: 'chart', ...reportChart } : null, moreOpen);
  return (
    <Flex align="center" gap={8} style={{ minHeight: 40 }} data-testid="explore-header">
      <Typography.Title
        level={4}
        // CSS ellipsis: antd's measured ellipsis cut names short before the header had its width.
        style={{
          margin: 0,
          flex: 1,
          minWidth: 0,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
        title={sliceName}
        editable={
          props.canEditName
            ? {
                onChange: (value) => {
                  const name = value.trim();
                  if (name && name !== sliceName) props.onRename(name);
                },
                triggerType: ['icon', 'text'],
                maxLength: 250,
                tooltip: 'Rename the chart',
                icon: <EditOutlined data-testid="explore-name-edit" />,
              }
            : false
        }
        data-testid="explore-chart-name"
      >
        {sliceName || 'Add the name of the chart'}
      </Typography.Title>
      {saved && (
        <Tooltip title={isStarred ? 'Remove from favorites' : 'Add to favorites'}>
          <Button
            type="text"
            icon={isStarred ? <StarFilled style={{ color: '#fadb14' }} /> : <StarOutlined />}
            onClick={props.onToggleStar}
            aria-pressed={isStarred}
            aria-label={isStarred ? 'Remove from favorites' : 'Add to favorites'}
            data-testid="explore-star"
            data-starred={isStarred}
          />
        </Tooltip>
      )}
      {saved && (
        <Button
          onClick={props.onProperties}
          icon={<EditOutlined />}
          data-testid="explore-properties"
        >
          Properties
        </Button>
      )}
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'permalink',
              icon: <LinkOutlined />,
              label: <span data-testid="explore-copy-permalink">Copy permalink to clipboard</span>,
              onClick: props.onCopyPermalink,
            },
            {
              key: 'email',
              icon: <MailOutlined />,
              label: <span data-testid="explore-share-email">Share chart by email</span>,
              onClick: props.onShareByEmail,
            },
          ],
        }}
      >
        <Button icon={<ShareAltOutlined />} data-testid="explore-share">
          Share
        </Button>
      </Dropdown>
      <Dropdown
        trigger={['click']}
        open={moreOpen}
        onOpenChange={setMoreOpen}
        menu={{
          onClick: () => setMoreOpen(false),
          items: [
            {
              key: 'view-query',
              icon: <SearchOutlined />,
              label: <span data-testid="view-query">View query</span>,
              onClick: props.onViewQuery,
            },
            {
              key: 'download',
              icon: <DownloadOutlined />,
              label: <span data-testid="explore-download">Download</span>,
              children: [
                {
                  key: 'csv',
                  icon: <FileTextOutlined />,
                  disabled: !canDownload,
                  label: <span data-testid="explore-download-csv">Export to .CSV</span>,
                  onClick: () => props.onExport('csv'),
                },
                {
                  key: 'xlsx',
                  icon: <FileExcelOutlined />,
                  disabled: !canDownload,
                  label: <span data-testid="explore-download-xlsx">Export to Excel</span>,
                  onClick: () => props.onExport('xlsx'),
                },
                {
                  key: 'png',
                  icon: <FileImageOutlined />,
                  label: <span data-testid="explore-download-image">Download as image</span>,
                  onClick: () => props.onExport('png'),
                },
              ],
            },
            {
              key: 'sqllab',
              icon: <ConsoleSqlOutlined />,
              label: <span data-testid="explore-edit-in-sqllab">Edit in SQL Lab</span>,
              onClick: props.onEditInSqlLab,
            },
            ...(reports.item ? [reports.item] : []),
          ],
        }}
      >
        <Button icon={<MoreOutlined />} aria-label="More actions" data-testid="explore-more" />
      </Dropdown>
      <Button
        type="primary"
        icon={<SaveOutlined />}
        onClick={props.onSave}
        disabled={!props.canSave}
        data-testid="explore-save"
      >
        Save
      </Button>
      {reports.element}
    </Flex>
  );
}
