/** Up to two initials for an avatar: the first letter of the first two name parts ('山田 太郎' → '山太'). */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/u).filter(Boolean);
  const first = parts[0];
  if (!first) return '?';
  const letters = parts.length > 1 ? [...first][0]! + [...parts[1]!][0]! : [...first].slice(0, 2).join('');
  return letters.toUpperCase();
}
