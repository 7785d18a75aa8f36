export * from './contract/index.js';
export * from './rights.js';
export * from './ids.js';
export * from './library/index.js';
export * from './workflows/steps.js';
export { PRODUCT_NAME, API_BASE_PATH } from './product.js';
export type { DesktopBridge } from './desktop-bridge.js';
export { mulberry32 } from './random.js';
export * from './json-bounds.js';
