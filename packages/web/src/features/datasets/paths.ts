/** The dataset pages' addresses (Superset's). */
export const DATASET_LIST_PATH = '/tablemodelview/list/';
export const DATASET_ADD_PATH = '/dataset/add/';

/** Where the editor of one dataset opens: the list with `?edit=<id>`. */
export const datasetEditPath = (id: number) => `${DATASET_LIST_PATH}?edit=${id}`;
