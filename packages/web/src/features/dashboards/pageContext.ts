import { createContext, useContext } from 'react';
import { createDrawScheduler, type DrawScheduler } from './charts/drawScheduler.ts';
import type { DashboardUrlParams } from './urlParams.ts';

/** What every component of the page may need and that is not dashboard state: rights, options. */
export interface DashboardPermissions {
  canEdit: boolean;
  canSave: boolean;
  canShare: boolean;
  canFullscreen: boolean;
  canExplore: boolean;
  canShareChart: boolean;
  canCsv: boolean;
  /** Editing a chart's properties: can_write on Chart (the server checks ownership). */
  canWriteChart: boolean;
}

export interface DashboardPageOptions {
  permissions: DashboardPermissions;
  url: DashboardUrlParams;
  colorNamespace: string;
  labelColors: Record<string, string>;
  /** A chart finished drawing: its colours are collected (debounced sync). */
  onChartRendered: (chartId: number) => void;
  /** Share links point here (the page's own address, without its hash). */
  shareChartLink: (layoutId: string) => Promise<string>;
  /** Charts take turns to draw (charts/drawScheduler.ts): one scheduler per page. */
  drawScheduler: DrawScheduler;
}

const NO_RIGHTS: DashboardPermissions = {
  canEdit: false,
  canSave: false,
  canShare: false,
  canFullscreen: false,
  canExplore: false,
  canShareChart: false,
  canCsv: false,
  canWriteChart: false,
};

export const DashboardPageContext = createContext<DashboardPageOptions>({
  permissions: NO_RIGHTS,
  url: {
    standalone: 0,
    hideNav: false,
    hideTitle: false,
    hideTab: false,
    hideChartControls: false,
    report: false,
    edit: false,
    force: false,
    focusedChart: null,
    anchor: null,
  },
  colorNamespace: 'GLOBAL',
  labelColors: {},
  onChartRendered: () => {},
  shareChartLink: async () => globalThis.location?.href ?? '',
  drawScheduler: createDrawScheduler(),
});

export const useDashboardPage = () => useContext(DashboardPageContext);
