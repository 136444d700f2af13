import { AppstoreOutlined, SearchOutlined } from '@ant-design/icons';
import { CHART_DEFINITIONS, getChartDefinition } from '@tessera/shared/viz/registry';
import type { ChartCategory, ChartMetadata } from '@tessera/shared/viz/types';
import { Button, Card, Empty, Flex, Input, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Modal } from '../../../components/Modal.tsx';

const CATEGORY_ORDER: ChartCategory[] = [
  'Table',
  'Evolution',
  'KPI',
  'Distribution',
  'Part of a Whole',
  'Ranking',
  'Correlation',
  'Flow',
  'Map',
  'Other',
];

/** Chart types of the shared registry grouped by category, filtered by a search text. */
export function groupChartTypes(search: string): Array<[ChartCategory, ChartMetadata[]]> {
  const needle = search.trim().toLowerCase();
  const found = CHART_DEFINITIONS.map((d) => d.metadata).filter(
    (m) =>
      !needle ||
      [m.name, m.key, m.description, m.category, ...(m.tags ?? [])].some((text) =>
        text.toLowerCase().includes(needle),
      ),
  );
  return CATEGORY_ORDER.map(
    (category) =>
      [category, found.filter((m) => m.category === category)] as [ChartCategory, ChartMetadata[]],
  ).filter(([, list]) => list.length > 0);
}

/** The current chart type and a dialog to pick another (all types, by category, searchable). */
export function VizTypePicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (vizType: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState(value);
  const groups = useMemo(() => groupChartTypes(search), [search]);
  const current = getChartDefinition(value)?.metadata;

  const pick = (key: string) => {
    setOpen(false);
    if (key !== value) onChange(key);
  };

  return (
    <>
      <Button
        block
        icon={<AppstoreOutlined />}
        onClick={() => {
          setChosen(value);
          setSearch('');
          setOpen(true);
        }}
        style={{ justifyContent: 'flex-start' }}
        data-testid="viz-type-picker"
        data-viz-type={value}
      >
        {current?.name ?? value}
      </Button>
      <Modal
        open={open}
        title="Select a chart type"
        width={860}
        onCancel={() => setOpen(false)}
        onOk={() => pick(chosen)}
        okText="Select"
        okButtonProps={{ 'data-testid': 'viz-type-select' } as never}
        data-testid="viz-type-modal"
      >
        <Input
          autoFocus
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Search all charts"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          data-testid="viz-type-search"
          style={{ marginBottom: 12 }}
        />
        <div style={{ maxHeight: '60vh', overflow: 'auto' }}>
          {groups.length === 0 && <Empty description="No chart type matches" />}
          {groups.map(([category, list]) => (
            <div key={category} style={{ marginBottom: 12 }}>
              <Typography.Text type="secondary" strong>
                {category}
              </Typography.Text>
              <Flex wrap gap={8} style={{ marginTop: 6 }}>
                {list.map((m) => (
                  <Card
                    key={m.key}
                    size="small"
                    hoverable
                    onClick={() => setChosen(m.key)}
                    onDoubleClick={() => pick(m.key)}
                    data-testid="viz-type-option"
                    data-viz-type={m.key}
                    style={{
                      width: 190,
                      borderColor: chosen === m.key ? 'var(--ant-color-primary)' : undefined,
                    }}
                  >
                    <Typography.Text strong>{m.name}</Typography.Text>
                    <Typography.Paragraph
                      type="secondary"
                      ellipsis={{ rows: 2, tooltip: m.description }}
                      style={{ fontSize: 12, margin: '4px 0 0' }}
                    >
                      {m.description}
                    </Typography.Paragraph>
                    {chosen === m.key && m.tags?.length ? (
                      <Flex wrap gap={2} style={{ marginTop: 4 }}>
                        {m.tags.slice(0, 3).map((tag) => (
                          <Tag key={tag} bordered={false} style={{ fontSize: 11 }}>
                            {tag}
                          </Tag>
                        ))}
                      </Flex>
                    ) : null}
                  </Card>
                ))}
              </Flex>
            </div>
          ))}
        </div>
      </Modal>
    </>
  );
}
