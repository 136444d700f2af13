import type { Query } from '../../state/types.ts';

const countFormat = new Intl.NumberFormat('en-US');

/**
 * Why the result may hold fewer rows than the query would return, in Superset's words: the run's
 * limiting factor (the LIMIT written in the query, the limit dropdown, or both), else the
 * display cap when the server cut the rows it sent.
 */
export function limitNotice(
  query: Pick<Query, 'rows' | 'limitingFactor' | 'queryLimit'> & { isDataPreview?: boolean },
  options: { defaultQueryLimit?: number; displayLimitReached?: boolean; shownRows?: number } = {},
): string | null {
  const rows = countFormat.format(query.rows ?? 0);
  // A table preview's limit is the preview's own: the user wrote no query and chose no limit.
  if (query.isDataPreview && query.limitingFactor && query.limitingFactor !== 'NOT_LIMITED')
    return `The preview shows the first ${rows} rows.`;
  switch (query.limitingFactor) {
    case 'QUERY':
      return `The number of rows displayed is limited to ${rows} by the query`;
    case 'DROPDOWN':
      // The default limit nobody chose reads as "the dropdown"; a chosen one as "the limit dropdown".
      return query.queryLimit !== null && query.queryLimit === options.defaultQueryLimit
        ? `The number of rows displayed is limited to ${rows} by the dropdown.`
        : `The number of rows displayed is limited to ${rows} by the limit dropdown.`;
    case 'QUERY_AND_DROPDOWN':
      return `The number of rows displayed is limited to ${rows} by the query and limit dropdown.`;
    default:
      if (options.displayLimitReached) {
        const shown = countFormat.format(options.shownRows ?? query.rows ?? 0);
        return `The number of results displayed is limited to ${shown}.`;
      }
      return null;
  }
}
