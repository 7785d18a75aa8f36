/**
 * A model's reply as the JSON object it was asked for, tolerating a code fence or words around the
 * object (weaker local models add them); otherwise why it is not one.
 */
export function replyObject(content: string): { value: unknown } | { reason: string } {
  let text = content.trim().replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '');
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) return { reason: 'no JSON object' };
  text = text.slice(start, end + 1);
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return { reason: 'not parseable JSON' };
  }
}
