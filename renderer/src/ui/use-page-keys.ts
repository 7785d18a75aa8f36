import { useEffect, useRef } from 'react';

/**
 * Single-key shortcuts anywhere on the page (`event.key` → action), except while the person types
 * in a field or holds a modifier, and except keys a nearer handler already took. The latest
 * actions are used without re-subscribing, so callers may pass a fresh object each render.
 */
export function usePageKeys(keys: Record<string, () => unknown>): void {
  const current = useRef(keys);
  current.current = keys;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      const run = current.current[event.key];
      if (run === undefined) return;
      event.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
