import { InfoCircleOutlined } from '@ant-design/icons';
import { type ExpandedSection, expandControlPanel } from '@tessera/shared/controls/expand';
import { getChartDefinition } from '@tessera/shared/viz/registry';
import type {
  ControlConfig,
  ControlContext,
  DatasourceMeta,
  QueryFormData,
} from '@tessera/shared/viz/types';
import { Alert, Badge, Collapse, Empty, Tabs, Tooltip } from 'antd';
import { useMemo } from 'react';
import { ControlField } from './ControlField.tsx';
import { CONTROL_COMPONENTS } from './controlComponents.ts';
import type { ControlState } from './types.ts';

export interface ControlPanelProps {
  vizType: string;
  formData: QueryFormData;
  datasource: DatasourceMeta | null;
  controls: Record<string, ControlState>;
  onChange: (name: string, value: unknown) => void;
}

interface VisibleControl {
  name: string;
  config: ControlConfig;
}

interface VisibleSection {
  key: string;
  section: ExpandedSection;
  rows: VisibleControl[][];
  hasErrors: boolean;
}

export function sectionSlug(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function isDrawn(config: ControlConfig, ctx: ControlContext): boolean {
  if (config.hidden || config.type === 'HiddenControl') return false;
  return config.visibility ? config.visibility(ctx) : true;
}

function ErrorDot({ testId }: { testId: string }) {
  return <Badge status="error" data-testid={testId} style={{ marginInlineStart: 6 }} />;
}

/**
 * Explore's control panel for one chart type: Data and Customize tabs of collapsible sections,
 * generated from the chart's control panel in `shared`. Values flow up through `onChange`.
 */
export function ControlPanel({ vizType, ...rest }: ControlPanelProps) {
  const resolved = useMemo((): { sections: ExpandedSection[] } | { error: string } => {
    const chart = getChartDefinition(vizType);
    if (!chart) return { error: `No control panel for chart type ${vizType}` };
    try {
      return { sections: expandControlPanel(chart.controlPanel) };
    } catch (error) {
      // A chart type naming a control that does not exist: say so instead of a blank page.
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }, [vizType]);
  if ('error' in resolved) {
    return (
      <Alert type="error" showIcon data-testid="control-panel-error" message={resolved.error} />
    );
  }
  return <ControlPanelView sections={resolved.sections} {...rest} />;
}

export interface ControlPanelViewProps extends Omit<ControlPanelProps, 'vizType'> {
  sections: ExpandedSection[];
}

/** The panel for already expanded sections (what `ControlPanel` draws for a chart type). */
export function ControlPanelView({
  sections,
  formData,
  datasource,
  controls,
  onChange,
}: ControlPanelViewProps) {
  const ctx: ControlContext = { formData, datasource };

  const errorsOf = (name: string) => controls[name]?.validationErrors ?? [];
  const visible = (tab: 'data' | 'customize'): VisibleSection[] =>
    sections
      .map((section, index) => ({ section, index }))
      .filter(({ section }) => (section.tab ?? 'data') === tab)
      .map(({ section, index }) => {
        const rows = section.controlSetRows
          .map((row) =>
            row.filter((item): item is VisibleControl => !!item && isDrawn(item.config, ctx)),
          )
          .filter((row) => row.length > 0);
        return {
          key: `${tab}-${index}`,
          section,
          rows,
          hasErrors: rows.some((row) => row.some((item) => errorsOf(item.name).length > 0)),
        };
      })
      .filter((s) => s.rows.length > 0);

  const renderControl = ({ name, config }: VisibleControl) => {
    const Component = CONTROL_COMPONENTS[config.type];
    const value = name in controls ? controls[name]?.value : formData[name];
    return (
      <ControlField
        key={name}
        name={name}
        label={config.label}
        description={config.description}
        errors={errorsOf(name)}
        inline={config.type === 'CheckboxControl'}
      >
        <Component
          name={name}
          config={config}
          value={value}
          onChange={(next) => onChange(name, next)}
          datasource={datasource}
          formData={formData}
        />
      </ControlField>
    );
  };

  const renderTab = (tab: 'data' | 'customize', list: VisibleSection[]) => {
    if (list.length === 0) {
      return <Empty description="No controls" data-testid={`control-panel-empty-${tab}`} />;
    }
    return (
      <Collapse
        size="small"
        ghost
        defaultActiveKey={list
          .filter((s, i) => s.section.expanded || i === 0 || s.hasErrors)
          .map((s) => s.key)}
        items={list.map(({ key, section, rows, hasErrors }) => {
          const slug = sectionSlug(section.label);
          return {
            key,
            label: (
              <span data-testid={`section-${slug}`} style={{ fontWeight: 600 }}>
                {section.label}
                {section.description && (
                  <Tooltip title={section.description}>
                    <InfoCircleOutlined style={{ marginInlineStart: 6, fontSize: 12 }} />
                  </Tooltip>
                )}
                {hasErrors && <ErrorDot testId={`section-errors-${slug}`} />}
              </span>
            ),
            children: rows.map((row) => (
              <div
                key={row.map((c) => c.name).join('|')}
                className="explore-control-row"
                style={{
                  display: 'grid',
                  gridTemplateColumns: `repeat(${row.length}, minmax(0, 1fr))`,
                  gap: 8,
                }}
              >
                {row.map(renderControl)}
              </div>
            )),
          };
        })}
      />
    );
  };

  const data = visible('data');
  const customize = visible('customize');
  const tabLabel = (text: string, tab: string, list: VisibleSection[]) => (
    <span data-testid={`control-panel-tab-${tab}`}>
      {text}
      {list.some((s) => s.hasErrors) && <ErrorDot testId={`tab-errors-${tab}`} />}
    </span>
  );

  return (
    <div data-testid="control-panel" className="explore-control-panel">
      <Tabs
        size="small"
        items={[
          { key: 'data', label: tabLabel('Data', 'data', data), children: renderTab('data', data) },
          ...(customize.length > 0
            ? [
                {
                  key: 'customize',
                  label: tabLabel('Customize', 'customize', customize),
                  children: renderTab('customize', customize),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
