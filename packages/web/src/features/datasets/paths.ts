/** The dataset pages' addresses (Superset's). */
export const DATASET_LIST_PATH = '/tablemodelview/list/';
export const DATASET_ADD_PATH = '/dataset/add/';

/** Where the editor of one dataset opens: the list with `?edit=<id>`. */
export const datasetEditPath = (id: number) => `${DATASET_LIST_PATH}?edit=${id}`;

/** Explore on a dataset (Superset's `explore_url`): where its name and "create chart" lead. */
export const datasetExplorePath = (id: number) =>
  `/explore/?datasource_type=table&datasource_id=${id}`;
