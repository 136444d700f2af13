import type { LayoutItem } from '@tessera/shared/dashboard/position';
import { DEFAULT_MARKDOWN_HEIGHT, GRID_BASE_UNIT } from '@tessera/shared/dashboard/position';
import { memo, useMemo } from 'react';
import { useAppSelector } from '../../../../app/store.ts';
import { renderMarkdown } from './markdown.ts';

export const MARKDOWN_PLACEHOLDER =
  '# ✨Header 1\n\nClick here to learn more about markdown formatting';

/** A MARKDOWN block: sanitised HTML at its height in grid units. */
export const Markdown = memo(function Markdown({
  component,
  height,
}: {
  component: LayoutItem;
  /** Overrides the stored height (the editor while resizing). */
  height?: number;
}) {
  const escapeHtml = useAppSelector(
    (state) => state.session.common.feature_flags.ESCAPE_MARKDOWN_HTML ?? false,
  );
  const source = component.meta.code ?? component.meta.text ?? '';
  const html = useMemo(() => renderMarkdown(source, { escapeHtml }), [source, escapeHtml]);
  const units = height ?? component.meta.height ?? DEFAULT_MARKDOWN_HEIGHT;
  return (
    <div
      className="dashboard-markdown"
      data-testid="dashboard-markdown"
      data-component-id={component.id}
      style={{ height: units * GRID_BASE_UNIT, overflow: 'auto', padding: '8px 12px' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised against the shared allow-list above.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
});
