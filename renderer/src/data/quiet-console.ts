/**
 * RxDB's free Dexie storage prints a page-long advertisement for its paid storages on the first
 * write of every page load (`console.warn`, "RxDB Open Core RxStorage"): it is not a warning about
 * this app, and it buries the ones that are. Only that notice is dropped; everything else passes.
 */
export function dropRxdbStorageNotice(target: Pick<Console, 'warn'>): void {
  const warn = target.warn.bind(target);
  target.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('-------------- RxDB Open Core RxStorage')) return;
    warn(...args);
  };
}
