import { SearchOutlined } from '@ant-design/icons';
import { CHART_DEFINITIONS, getChartDefinition } from '@tessera/shared/viz/registry';
import type { ChartCategory, ChartMetadata } from '@tessera/shared/viz/types';
import { Button, Empty, Input, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Modal } from '../../../components/Modal.tsx';
import { ChartThumbnail } from './ChartThumbnail.tsx';
import { ChartTypeDetails, ChartTypeTile } from './VizTypeGallery.tsx';

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

/**
 * The current chart type (its drawing and name) and "View all charts": the gallery of every type
 * by category, searchable, with the chosen one described below it, as Superset's gallery does.
 */
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
  const chosenType = getChartDefinition(chosen)?.metadata;

  const pick = (key: string) => {
    setOpen(false);
    if (key !== value) onChange(key);
  };

  return (
    <>
      <Button
        block
        onClick={() => {
          setChosen(value);
          setSearch('');
          setOpen(true);
        }}
        style={{ justifyContent: 'flex-start', height: 'auto', padding: '4px 8px' }}
        data-testid="viz-type-picker"
        data-viz-type={value}
        title="View all charts"
      >
        <ChartThumbnail vizType={value} width={42} height={28} />
        <span style={{ flex: 1, textAlign: 'left', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {current?.name ?? value}
        </span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          View all charts
        </Typography.Text>
      </Button>
      <Modal
        open={open}
        title="Select a chart type"
        width={880}
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
        <div style={{ height: '46vh', overflow: 'auto', paddingRight: 4 }}>
          {groups.length === 0 && <Empty description="No chart type matches" />}
          {groups.map(([category, list]) => (
            <section key={category} style={{ marginBottom: 14 }} aria-label={category}>
              <Typography.Text type="secondary" strong>
                {category}
              </Typography.Text>
              <div
                style={{
                  display: 'grid',
                  gridTemplateColumns: 'repeat(auto-fill, minmax(124px, 1fr))',
                  gap: 8,
                  marginTop: 6,
                }}
              >
                {list.map((m) => (
                  <ChartTypeTile
                    key={m.key}
                    type={m}
                    selected={chosen === m.key}
                    onSelect={() => setChosen(m.key)}
                    onPick={() => pick(m.key)}
                  />
                ))}
              </div>
            </section>
          ))}
        </div>
        {chosenType && <ChartTypeDetails type={chosenType} />}
      </Modal>
    </>
  );
}
