import type { DashboardItem } from '@tessera/shared/api/dashboards';
import { migrateJsonMetadata } from '@tessera/shared/dashboard/metadata';
import { checkPositionJson } from '@tessera/shared/dashboard/position';
import {
  buildDashboardSaveBody,
  CONFIRM_OVERWRITE_MESSAGE,
  type DashboardSaveBody,
  type DashboardSaveInput,
  saveDashboardErrorMessage,
} from '@tessera/shared/dashboard/save';
import { FEATURE_FLAG_DEFAULTS } from '@tessera/shared/featureFlags';
import { ClientError, errorMessage } from '../../../app/api.ts';
import { dashboardApi } from '../dashboardApi.ts';
import {
  answeredSlug,
  answeredTitle,
  DASHBOARD_SAVED_MESSAGE,
  savedDashboardUrl,
} from '../savedDashboard.ts';
import { dashboardInfoChanged } from '../state/dashboardInfoSlice.ts';
import {
  type OverwriteConfirmMetadata,
  overwriteConfirmSet,
  saveFailed,
  saveFinished,
  saveStarted,
  sliceIdsSet,
} from '../state/dashboardSlice.ts';
import { markSaved } from '../state/layoutSlice.ts';
import type { DashboardRootState, DashboardThunk } from '../state/store.ts';

/**
 * Saving the dashboard being edited (spec section 5, "Dashboard save"): the PUT body follows the
 * shared save rules; with CONFIRM_DASHBOARD_DIFF the server copy is read first and, when another
 * editor saved since this one loaded, the fields that would be overwritten are listed for the
 * user to confirm (`Please confirm the overwrite values`) before anything is written.
 */

export interface SaveFlags {
  DASHBOARD_RBAC: boolean;
  CONFIRM_DASHBOARD_DIFF: boolean;
}

export interface SaveOptions {
  flags?: Partial<SaveFlags>;
  /** Changes the address after a save; by default the history entry is replaced in place. */
  navigate?: (url: string) => void;
  /** Loads the dashboard afresh (the conflict dialog's Reload); by default the page reloads. */
  reload?: () => void;
}

export type SaveOutcome =
  | { status: 'saved'; url: string }
  | { status: 'confirm'; items: OverwriteItem[] }
  /** The server refused the save (409): another editor saved after this one loaded. */
  | { status: 'conflict'; items: OverwriteItem[]; message: string }
  | { status: 'failed'; message: string };

export type OverwriteItem = OverwriteConfirmMetadata['overwriteConfirmItems'][number];

export { savedDashboardUrl };

/** What the page holds, as the save rules take it. */
export function saveInputFromState(state: DashboardRootState): DashboardSaveInput {
  const info = state.dashboardInfo.info;
  const dash = state.dashboardState;
  const metadata = { ...(info?.metadata ?? {}) };
  metadata.color_scheme = dash.colorScheme ?? metadata.color_scheme ?? null;
  metadata.expanded_slices = Object.fromEntries(
    Object.entries(dash.expandedSlices).map(([id, open]) => [String(id), open]),
  );
  // A frequency picked in view mode only is not the dashboard's own (shouldPersistRefreshFrequency).
  if (dash.shouldPersistRefreshFrequency) metadata.refresh_frequency = dash.refreshFrequency;
  return {
    dashboard_title: info?.dashboard_title,
    slug: info?.slug,
    css: dash.css,
    certified_by: info?.certified_by,
    certification_details: info?.certification_details,
    owners: info?.owners,
    roles: info?.roles,
    metadata,
    layout: state.dashboardLayout.present,
  };
}

/** JSON with object keys sorted, so equal documents compare equal whatever their key order. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const display = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value, null, 2) : String(value);
};

function layoutOf(text: unknown): unknown {
  if (!text) return null;
  try {
    const value = typeof text === 'string' ? JSON.parse(text) : text;
    const check = checkPositionJson(value);
    return check.ok ? check.layout : value;
  } catch {
    return null;
  }
}

/** The comparable fields of a dashboard: the server copy, or the body about to be sent. */
function comparable(source: {
  dashboard_title?: string | null;
  slug?: string | null;
  css?: string | null;
  certified_by?: string | null;
  certification_details?: string | null;
  owners?: Array<number | { id: number }>;
  json_metadata?: string | null;
  position_json?: unknown;
}): Record<string, unknown> {
  const { positions, ...metadata } = migrateJsonMetadata(source.json_metadata) as Record<
    string,
    unknown
  >;
  const fields: Record<string, unknown> = {
    dashboard_title: source.dashboard_title ?? '',
    slug: source.slug || null,
    css: source.css ?? '',
    certified_by: source.certified_by ?? '',
    certification_details: source.certified_by ? (source.certification_details ?? '') : '',
    owners: (source.owners ?? []).map((o) => (typeof o === 'number' ? o : o.id)).sort(),
    position_json: layoutOf(source.position_json ?? positions),
  };
  for (const [key, value] of Object.entries(metadata)) fields[`json_metadata.${key}`] = value;
  return fields;
}

/**
 * The fields where the server copy differs from what is about to be saved: what saving would
 * overwrite. `oldValue` is the server's, `newValue` this editor's.
 */
export function overwriteItems(server: DashboardItem, body: DashboardSaveBody): OverwriteItem[] {
  const before = comparable(server);
  const after = comparable({ ...body, position_json: undefined });
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((key) => stableStringify(before[key]) !== stableStringify(after[key]))
    .map((keyPath) => ({
      keyPath,
      oldValue: display(before[keyPath]),
      newValue: display(after[keyPath]),
    }));
}

function flagsOf(options: SaveOptions): SaveFlags {
  return {
    DASHBOARD_RBAC: options.flags?.DASHBOARD_RBAC ?? FEATURE_FLAG_DEFAULTS.DASHBOARD_RBAC,
    CONFIRM_DASHBOARD_DIFF:
      options.flags?.CONFIRM_DASHBOARD_DIFF ?? FEATURE_FLAG_DEFAULTS.CONFIRM_DASHBOARD_DIFF,
  };
}

function goTo(url: string, options: SaveOptions) {
  if (options.navigate) options.navigate(url);
  else globalThis.history?.replaceState(globalThis.history.state, '', url);
}

/**
 * The body with the version this editor loaded (`last_modified_time`, epoch seconds) inside
 * json_metadata, as Superset's client sends it: the server refuses the save with 409 when the
 * dashboard changed after that version. Without a known version the save overwrites.
 */
export function withLoadedVersion(body: DashboardSaveBody, loaded: number): DashboardSaveBody {
  if (!loaded) return body;
  let metadata: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(body.json_metadata ?? '{}') as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      metadata = parsed as Record<string, unknown>;
    }
  } catch {
    return body;
  }
  return { ...body, json_metadata: JSON.stringify({ ...metadata, last_modified_time: loaded }) };
}

const epochSecondsOf = (iso: string) => Math.floor(Date.parse(iso) / 1000) || 0;

/**
 * After a 409: the server copy's fields this save would overwrite, offered with Overwrite and
 * Reload in the confirm dialog. `body` is what the editor wanted to save, without a version, so
 * choosing Overwrite replaces the other editor's save.
 */
function offerConflict(
  id: number,
  body: DashboardSaveBody,
  message: string,
): DashboardThunk<Promise<SaveOutcome>> {
  return async (dispatch, _getState, { api, toast }) => {
    const server = await dashboardApi(api)
      .get(id)
      .then(
        (a) => a.result,
        () => null,
      );
    const items = server ? overwriteItems(server, body) : [];
    dispatch(
      overwriteConfirmSet({
        updatedAt: server?.changed_on ?? '',
        updatedBy: server?.changed_by_name ?? '',
        overwriteConfirmItems: items,
        dashboardId: id,
        data: body as unknown as Record<string, unknown>,
      }),
    );
    toast('warning', message);
    dispatch(saveFailed());
    return { status: 'conflict', items, message };
  };
}

/**
 * The PUT itself, then the fresh server copy as the baseline for the next save. `loaded` is the
 * version this editor knows (0: none, the save overwrites whatever is stored).
 */
function writeDashboard(
  id: number,
  body: DashboardSaveBody,
  options: SaveOptions,
  loaded = 0,
): DashboardThunk<Promise<SaveOutcome>> {
  return async (dispatch, getState, { api, toast }) => {
    const calls = dashboardApi(api);
    const layout = getState().dashboardLayout.present;
    try {
      const answer = await calls.update(id, withLoadedVersion(body, loaded));
      const fresh = await calls.get(id).then(
        (a) => a.result,
        () => null,
      );
      dispatch(markSaved(layout));
      // The server's cleaned slug, not the typed one: the page must keep what it can be opened by.
      const slug = answeredSlug(answer, body.slug);
      const url = savedDashboardUrl({ id, slug });
      dispatch(
        dashboardInfoChanged({
          dashboard_title: answeredTitle(answer, body.dashboard_title),
          slug,
          certified_by: body.certified_by,
          certification_details: body.certification_details,
          last_modified_time:
            answer.last_modified_time ?? getState().dashboardState.lastModifiedTime,
          url: fresh?.url ?? url,
          ...(fresh
            ? { changed_on: fresh.changed_on, changed_by_name: fresh.changed_by_name }
            : {}),
        }),
      );
      dispatch(
        sliceIdsSet(
          Object.values(layout)
            .filter((c) => c.type === 'CHART' && typeof c.meta.chartId === 'number')
            .map((c) => c.meta.chartId as number),
        ),
      );
      dispatch(saveFinished({ lastModifiedTime: answer.last_modified_time }));
      goTo(url, options);
      toast('success', DASHBOARD_SAVED_MESSAGE);
      return { status: 'saved', url };
    } catch (error) {
      if (error instanceof ClientError && error.status === 409) {
        return dispatch(offerConflict(id, body, errorMessage(error)));
      }
      const message = saveDashboardErrorMessage(errorMessage(error));
      toast('danger', message);
      dispatch(saveFailed());
      return { status: 'failed', message };
    }
  };
}

/** The header's Save. */
export function saveDashboard(options: SaveOptions = {}): DashboardThunk<Promise<SaveOutcome>> {
  return async (dispatch, getState, { api, toast }) => {
    const state = getState();
    const info = state.dashboardInfo.info;
    if (!info) return { status: 'failed', message: saveDashboardErrorMessage('Not found') };
    const flags = flagsOf(options);
    const body = buildDashboardSaveBody(saveInputFromState(state), flags);
    dispatch(saveStarted());
    // The version this editor has seen: the one it loaded or last saved, or the server copy it
    // has just compared against.
    let loaded = state.dashboardState.lastModifiedTime;
    if (flags.CONFIRM_DASHBOARD_DIFF) {
      let server: DashboardItem;
      try {
        server = (await dashboardApi(api).get(info.id)).result;
      } catch (error) {
        const message = saveDashboardErrorMessage(errorMessage(error));
        toast('danger', message);
        dispatch(saveFailed());
        return { status: 'failed', message };
      }
      // Someone saved since this editor loaded (or last saved): ask before overwriting them.
      if (server.changed_on !== info.changed_on) {
        const items = overwriteItems(server, body);
        if (items.length > 0) {
          dispatch(
            overwriteConfirmSet({
              updatedAt: server.changed_on,
              updatedBy: server.changed_by_name,
              overwriteConfirmItems: items,
              dashboardId: info.id,
              data: body as unknown as Record<string, unknown>,
            }),
          );
          toast('warning', CONFIRM_OVERWRITE_MESSAGE);
          dispatch(saveFailed());
          return { status: 'confirm', items };
        }
      }
      loaded = epochSecondsOf(server.changed_on) || loaded;
    }
    return dispatch(writeDashboard(info.id, body, options, loaded));
  };
}

/** The confirm dialog's Overwrite: saves what was about to be saved, whatever is stored now. */
export function confirmOverwrite(options: SaveOptions = {}): DashboardThunk<Promise<SaveOutcome>> {
  return async (dispatch, getState) => {
    const pending = getState().dashboardState.overwriteConfirmMetadata;
    if (!pending)
      return { status: 'failed', message: saveDashboardErrorMessage('Nothing to save') };
    dispatch(overwriteConfirmSet(null));
    dispatch(saveStarted());
    return dispatch(
      writeDashboard(pending.dashboardId, pending.data as unknown as DashboardSaveBody, options),
    );
  };
}

/** The confirm dialog's Cancel: nothing is written, the edits stay. */
export const cancelOverwrite = () => overwriteConfirmSet(null);

/** The confirm dialog's Reload: this editor's changes are dropped for the stored dashboard. */
export function reloadDashboard(options: SaveOptions = {}): DashboardThunk<void> {
  return (dispatch) => {
    dispatch(overwriteConfirmSet(null));
    if (options.reload) options.reload();
    else globalThis.location?.reload();
  };
}
