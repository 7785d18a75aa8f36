/**
 * A listed document's title as a person says it: the server writes every range as `pages a–b`,
 * so a one-page document reads "pages 1–1"; it is "page 1".
 */
export function documentTitle(title: string): string {
  return title.replace(/\bpages (\d+)[–-](\d+)\b/g, (whole, first: string, last: string) => (first === last ? `page ${first}` : whole));
}
