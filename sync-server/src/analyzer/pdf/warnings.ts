/**
 * pdf.js reports what it survived (a font that failed, an image too large to decode) only as
 * "Warning: …" lines on console.warn, from its worker code running on this thread. These are
 * caught while `fn` runs so a page can say what went wrong with it instead of just looking empty.
 * Only one page is read at a time per thread, so what is caught belongs to that page.
 */
export async function captureWarnings<T>(fn: () => Promise<T>): Promise<{ value: T; warnings: string[] }> {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => {
    const first = args[0];
    if (typeof first === 'string' && first.startsWith('Warning: ')) {
      if (warnings.length < 50) warnings.push(first.slice('Warning: '.length));
      return;
    }
    original.apply(console, args);
  };
  try {
    const value = await fn();
    return { value, warnings };
  } finally {
    console.warn = original;
  }
}
