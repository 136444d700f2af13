/**
 * The editor's styles: hover-revealed tools, resize handles, the drop indicator and the drag
 * ghost. Plain CSS so hovering and dragging never need a React render.
 */
export const EDITOR_CSS = `
.dashboard-editor { position: relative; padding-bottom: 48px; }
.dashboard-edit-toolbar { margin: 0 0 8px 8px; }
.dashboard-edit-container { min-height: 48px; padding: 4px 0 24px; }
.dashboard-edit-empty { display: block; padding: 24px; text-align: center; border: 1px dashed rgba(127,127,127,.45); border-radius: 6px; margin: 8px; }
.dashboard-edit-row { display: flex; flex-wrap: nowrap; align-items: flex-start; width: 100%; min-height: 40px; }
.dashboard-edit-column { display: flex; flex-direction: column; width: 100%; min-height: 40px; }
.dashboard-edit-frame { position: relative; border: 1px dashed transparent; border-radius: 6px; }
.dashboard-edit-frame:hover { border-color: rgba(22,119,255,.55); }
.dashboard-edit-frame--row { padding-left: 18px; }
.dashboard-edit-frame[data-dragging="true"] { opacity: .35; }
.dashboard-edit-tools { position: absolute; top: 2px; right: 2px; z-index: 5; display: flex; gap: 2px; opacity: 0; transition: opacity .1s; }
/* Astride the block's top edge: inside it they would cover a chart's own menu and cache label. */
.dashboard-edit-frame--block > .dashboard-edit-tools { top: -11px; right: 8px; }
.dashboard-edit-frame--row > .dashboard-edit-tools { left: 0; right: auto; top: 2px; flex-direction: column; }
.dashboard-edit-frame:hover > .dashboard-edit-tools, .dashboard-edit-tools:focus-within { opacity: 1; }
.dashboard-edit-tool { border: 1px solid rgba(127,127,127,.35); background: var(--ant-color-bg-container, #fff); border-radius: 4px; width: 22px; height: 22px; padding: 0; display: inline-flex; align-items: center; justify-content: center; cursor: pointer; font-size: 12px; }
.dashboard-edit-tool[data-testid="drag-handle"], .dashboard-tab-handle { cursor: grab; touch-action: none; }
.dashboard-tab-handle { width: 16px; height: 16px; border: none; background: transparent; }
.dashboard-resize { position: absolute; z-index: 4; }
.dashboard-resize--right { top: 0; right: -4px; width: 8px; height: 100%; cursor: ew-resize; }
.dashboard-resize--bottom { left: 0; bottom: -4px; height: 8px; width: 100%; cursor: ns-resize; }
.dashboard-resize--corner { right: -5px; bottom: -5px; width: 12px; height: 12px; cursor: nwse-resize; }
.dashboard-edit-frame:hover > .dashboard-resize--right, .dashboard-edit-frame:hover > .dashboard-resize--bottom { background: rgba(22,119,255,.18); }
.dashboard-resize-ghost { display: none; position: absolute; top: 0; left: 0; z-index: 6; border: 2px solid #1677ff; border-radius: 6px; background: rgba(22,119,255,.06); pointer-events: none; font-size: 12px; color: #1677ff; padding: 2px 6px; text-align: right; }
.dashboard-drop-indicator { position: fixed; z-index: 1200; pointer-events: none; background: #1677ff; border-radius: 2px; }
.dashboard-drop-indicator.forbidden { background: rgba(255,77,79,.12); outline: 2px dashed #ff4d4f; outline-offset: -2px; border-radius: 6px; }
html.dashboard-drop-forbidden, html.dashboard-drop-forbidden * { cursor: not-allowed !important; }
.dashboard-edit-frame--tabs { padding-top: 26px; }
.dashboard-drag-ghost { padding: 6px 12px; border-radius: 6px; background: rgba(22,119,255,.12); border: 1px solid #1677ff; color: #1677ff; font-size: 13px; max-width: 280px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; box-shadow: 0 4px 12px rgba(0,0,0,.12); cursor: grabbing; }
.dashboard-edit-root-drop { margin: 0 8px 8px; padding: 14px; text-align: center; border: 2px dashed #1677ff; border-radius: 6px; color: #1677ff; }
.dashboard-markdown-mode { position: absolute; top: 4px; left: 8px; z-index: 5; }
.dashboard-edit-markdown[data-editing="true"] { padding-top: 32px; }
`;
