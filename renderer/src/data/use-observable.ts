import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

/** The latest value of an observable; `initial` until it emits. Re-subscribes when `source` changes. */
export function useObservable<T>(source: Observable<T> | null, initial: T): T {
  const [value, setValue] = useState<{ source: Observable<T> | null; value: T }>({ source, value: initial });
  useEffect(() => {
    if (source === null) return;
    const subscription = source.subscribe((next) => setValue({ source, value: next }));
    return () => subscription.unsubscribe();
  }, [source]);
  // A value from the previous source must not show as this one's.
  return value.source === source ? value.value : initial;
}
