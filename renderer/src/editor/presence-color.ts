/**
 * Colours for other editors' presence: distinct, and dark enough for white initials on them in
 * both themes (contrast ≥ 4.5:1 against white).
 */
const PALETTE = ['#b42318', '#175cd3', '#067647', '#6941c6', '#c4320a', '#0e7090', '#c11574', '#4e5ba6'];

export function colorOf(userId: string): string {
  let h = 0;
  for (let i = 0; i < userId.length; i++) h = (h * 31 + userId.charCodeAt(i)) >>> 0;
  return PALETTE[h % PALETTE.length]!;
}

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase();
}
