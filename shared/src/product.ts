export const PRODUCT_NAME = 'Compliance Portal';
/** The spec's `{base_url}` is the service origin followed by this path. */
export const API_BASE_PATH = '/api';
