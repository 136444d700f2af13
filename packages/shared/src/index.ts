/**
 * The public surface of `@tessera/shared`: the API contract (route descriptors, their shapes,
 * the error model) and the small rules both sides apply. Each feature's schemas come as one
 * namespace, since features share names (`RelatedQuery`, `FavoriteAnswer`, ...). The larger pure
 * libraries (viz/, controls/, format/, time-range/, color/, dashboard/) are imported by their own
 * paths, so a caller that needs one does not load the others.
 *
 * In order: each feature's shapes (`*Api` namespaces) and the shared ones (`common`), the route
 * helpers and route tables (`*Routes`), then the error model and the small rules both sides
 * apply (datasource keys, feature flags, links, permissions, toasts).
 */

export * as annotationsApi from './api/annotations.ts';
export * as bootstrapApi from './api/bootstrap.ts';
export * as chartDataApi from './api/chartData.ts';
export * as chartsApi from './api/charts.ts';
export * from './api/common.ts';
export * as dashboardsApi from './api/dashboards.ts';
export * as databasesApi from './api/databases.ts';
export * as datasetsApi from './api/datasets.ts';
export * as exploreApi from './api/explore.ts';
export * as rlsApi from './api/rls.ts';
export * from './api/route.ts';
export { annotationRoutes } from './api/routes/annotations.ts';
export { chartDataRoutes, chartRoutes } from './api/routes/charts.ts';
export { cssTemplateRoutes, dashboardRoutes } from './api/routes/dashboards.ts';
export { databaseRoutes } from './api/routes/databases.ts';
export { datasetRoutes, datasourceRoutes } from './api/routes/datasets.ts';
export { exploreRoutes } from './api/routes/explore.ts';
export { queryRoutes } from './api/routes/queries.ts';
export { rlsRoutes } from './api/routes/rls.ts';
export { savedQueryRoutes } from './api/routes/savedQueries.ts';
export { securityRoutes } from './api/routes/security.ts';
export { sqllabRoutes, sqllabStateRoutes } from './api/routes/sqllab.ts';
export * as savedQueriesApi from './api/savedQueries.ts';
export * as securityApi from './api/security.ts';
export * as sqllabApi from './api/sqllab.ts';
export * as sqllabStateApi from './api/sqllabState.ts';
export * as sqlValidationApi from './api/sqlValidation.ts';

export * from './clientErrors.ts';
export * from './datasourceKey.ts';
export * from './errors.ts';
export * from './featureFlags.ts';
export * from './links.ts';
export * from './permissions.ts';
export * from './toasts.ts';
