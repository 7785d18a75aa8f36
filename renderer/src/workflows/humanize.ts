/** `classify-and-file` → "Classify and file"; `minConfidence` → "Min confidence". */
export function humanize(id: string): string {
  const words = id.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
