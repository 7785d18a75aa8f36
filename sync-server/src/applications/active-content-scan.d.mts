/** The kinds of active content in the PDF at `path`, by name (active-content-scan.mjs). */
export function scanActiveContent(path: string): Promise<string[]>;
