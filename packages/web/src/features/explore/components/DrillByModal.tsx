import { getChartDefinition } from '@tessera/shared/viz/registry';
import type { DatasourceMeta, QueryFormData } from '@tessera/shared/viz/types';
import { Flex, Spin } from 'antd';
import { useMemo } from 'react';
import { api } from '../../../app/api.ts';
import { useAppSelector } from '../../../app/store.ts';
import { useApiQuery } from '../../../app/useApiQuery.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { ChartRenderer } from '../../../viz/ChartRenderer.tsx';
import type { ChartFilterClause } from '../../../viz/types.ts';
import { drillByFormData } from '../drill.ts';
import { exploreApi } from '../exploreApi.ts';

const NO_HOOKS = {};

/** The same chart type grouped by the chosen column, filtered to the clicked point. */
export function DrillByModal({
  formData,
  filters,
  column,
  datasource,
  onClose,
}: {
  formData: QueryFormData;
  filters: ChartFilterClause[];
  column: string;
  datasource: DatasourceMeta | null;
  onClose: () => void;
}) {
  const theme = useAppSelector((state) => state.theme.mode);
  const drilled = useMemo(
    () => drillByFormData(formData, filters, column),
    [formData, filters, column],
  );
  const calls = useMemo(() => exploreApi(api), []);
  const answer = useApiQuery(
    async (signal) => {
      const definition = getChartDefinition(drilled.viz_type);
      if (!definition) throw new Error(`Unknown chart type: ${drilled.viz_type}`);
      return (await calls.chartData(definition.buildQuery(drilled), { signal })).result;
    },
    [drilled],
  );
  const label = datasource?.columns.find((c) => c.column_name === column)?.verbose_name || column;

  return (
    <Modal
      open
      title={`Drill by: ${label}`}
      width={960}
      footer={null}
      onCancel={onClose}
      data-testid="drill-by-modal"
    >
      {answer.error && <ErrorAlert error={answer.error} testId="drill-by-error" />}
      <div style={{ height: 460 }} data-testid="drill-by-chart">
        {answer.data ? (
          <ChartRenderer
            formData={drilled}
            queriesData={answer.data}
            width={900}
            height={460}
            datasource={datasource}
            theme={theme}
            hooks={NO_HOOKS}
          />
        ) : (
          !answer.error && (
            <Flex justify="center" align="center" style={{ height: '100%' }}>
              <Spin />
            </Flex>
          )
        )}
      </div>
    </Modal>
  );
}
