import type { QueryFormData } from '@tessera/shared/viz/types';
import { type RefObject, useMemo } from 'react';
import type { NavigateFunction } from 'react-router';
import { api, errorMessage } from '../../../app/api.ts';
import { LOG_EVENTS, logEvent } from '../../../app/eventLogger.ts';
import { useAppSelector } from '../../../app/store.ts';
import { useToasts } from '../../../app/useToasts.ts';
import { copyToClipboard } from '../../../components/DataGrid/copy.ts';
import { pictureSourcesIn } from '../../../viz/common/pictureSources.ts';
import { exploreApi } from '../../explore/exploreApi.ts';
import {
  buildExportQuery,
  chartImage,
  dataUrlToBlob,
  exportFileName,
  saveBlob,
  shareByEmailHref,
} from '../../explore/exportChart.ts';
import type { ChartModal } from '../components/grid/ChartModals.tsx';
import { useDashboardPage } from '../pageContext.ts';
import { downloadElementImage } from '../snapshot.ts';
import { chartsRefreshRequested } from '../state/chartsSlice.ts';
import { fullSizeChartSet, sliceExpandToggled } from '../state/dashboardSlice.ts';
import { useDashboardDispatch, useDashboardStore } from '../state/hooks.ts';
import { type ChartMenuKey, type ExportKind, exportRequest } from './chartMenu.ts';
import { dashboardFormData } from './chartQuery.ts';

export const COPIED_MESSAGE = 'Copied to clipboard!';
export const COPY_FAILED_MESSAGE = 'Sorry, your browser does not support copying.';

/** What each entry of a dashboard chart's action menu does. */
export function useChartActions(options: {
  chartId: number;
  layoutId: string;
  title: string;
  formData: QueryFormData | null;
  bodyRef: RefObject<HTMLElement | null>;
  openModal: (modal: ChartModal) => void;
  navigate: NavigateFunction;
}) {
  const dispatch = useDashboardDispatch();
  const store = useDashboardStore();
  const page = useDashboardPage();
  const { addSuccessToast, addDangerToast } = useToasts();
  const exportRowLimit = useAppSelector((state) => state.session.common.conf.EXPORT_ROW_LIMIT);

  return useMemo(() => {
    const { chartId, layoutId, title, bodyRef, openModal, navigate } = options;
    const currentFormData = (): QueryFormData | null => {
      if (options.formData) return options.formData;
      const state = store.getState();
      const slice = state.dashboardInfo.slices[chartId];
      const info = state.dashboardInfo.info;
      return slice && info
        ? dashboardFormData(slice, info.id, state.dashboardState.colorScheme)
        : null;
    };
    const dashboardId = () => store.getState().dashboardInfo.info?.id;
    const log = (name: string) =>
      logEvent(name, { sourceId: dashboardId(), dashboard_id: dashboardId(), slice_id: chartId });

    const exportData = async (kind: ExportKind) => {
      const formData = currentFormData();
      if (!formData) return;
      const request = exportRequest(kind, formData, exportRowLimit);
      log(request.options.result_format === 'xlsx' ? LOG_EVENTS.exportXlsx : LOG_EVENTS.exportCsv);
      try {
        const file = await exploreApi(api).chartExport(
          buildExportQuery(request.formData, request.options),
        );
        saveBlob(file.blob, file.fileName);
      } catch (error) {
        addDangerToast(errorMessage(error));
      }
    };

    const share = async (byEmail: boolean) => {
      log(LOG_EVENTS.shareChart);
      try {
        const url = await page.shareChartLink(layoutId);
        if (byEmail) {
          globalThis.location.href = shareByEmailHref(title, url);
          return;
        }
        await copyToClipboard(url);
        addSuccessToast(COPIED_MESSAGE);
      } catch (error) {
        addDangerToast(byEmail ? errorMessage(error) : COPY_FAILED_MESSAGE);
      }
    };

    const downloadImage = async () => {
      log(LOG_EVENTS.downloadImage);
      const area = bodyRef.current;
      if (!area) return;
      // A map's WebGL canvas reads blank here: the snapshot asks the map for a fresh frame.
      const picture = pictureSourcesIn(area).length > 0 ? null : chartImage(area);
      if (picture) saveBlob(dataUrlToBlob(picture), exportFileName(title, 'png'));
      else await downloadElementImage(area, exportFileName(title, 'image').replace(/\.image$/, ''));
    };

    const run = (key: ChartMenuKey) => {
      switch (key) {
        case 'explore': {
          log(LOG_EVENTS.exploreChart);
          navigate(`/explore/?slice_id=${chartId}&dashboard_id=${dashboardId() ?? ''}`);
          return;
        }
        case 'export_csv':
        case 'export_pivot_csv':
        case 'export_full_csv':
        case 'export_xlsx':
        case 'export_full_xlsx':
          void exportData(key);
          return;
        case 'download_image':
          void downloadImage();
          return;
        case 'force_refresh':
          log(LOG_EVENTS.forceRefreshChart);
          dispatch(chartsRefreshRequested({ ids: [chartId], force: true }));
          return;
        case 'fullscreen': {
          log(LOG_EVENTS.toggleFullscreen);
          const open = store.getState().dashboardState.fullSizeChartId === chartId;
          dispatch(fullSizeChartSet(open ? null : chartId));
          return;
        }
        case 'toggle_description':
          log(LOG_EVENTS.toggleDescription);
          dispatch(sliceExpandToggled(chartId));
          return;
        case 'view_query':
          openModal({ kind: 'query' });
          return;
        case 'view_results':
          openModal({ kind: 'results' });
          return;
        case 'drill_to_detail':
          openModal({ kind: 'drill', filters: [] });
          return;
        case 'edit_properties':
          openModal({ kind: 'properties' });
          return;
        case 'cross_filter_scoping':
          openModal({ kind: 'scoping' });
          return;
        case 'share_copy_link':
          void share(false);
          return;
        case 'share_email':
          void share(true);
          return;
      }
    };
    return { run };
  }, [options, store, dispatch, page, exportRowLimit, addSuccessToast, addDangerToast]);
}
