export * from './contract/index.js';
export { PRODUCT_NAME, API_BASE_PATH } from './product.js';
export type { DesktopBridge } from './desktop-bridge.js';
