import { Navigate, useLocation, useParams } from 'react-router';
import { DATASET_LIST_PATH, datasetEditPath } from './paths.ts';

/** `/tablemodelview/edit/{id}` (a dataset's `url` in the API) opens that dataset's editor. */
export function DatasetEditRedirect() {
  const id = Number(useParams().id);
  const target = Number.isInteger(id) && id > 0 ? datasetEditPath(id) : DATASET_LIST_PATH;
  return <Navigate to={target} replace />;
}

/** `/dataset/list/` is the list's other name: one address is kept, with the query string. */
export function DatasetListRedirect() {
  const location = useLocation();
  return <Navigate to={`${DATASET_LIST_PATH}${location.search}`} replace />;
}
