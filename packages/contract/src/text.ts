/**
 * Control characters in request text. A NUL cannot be stored by PostgreSQL (the statement fails), and
 * the other C0 characters have no business in names, numbers or passwords; tab, newline and carriage
 * return are allowed only in multi-line fields (chat text). Checked on every request before the schemas.
 */
/** Tab, line feed and carriage return: the characters a multi-line field may hold below U+0020. */
const LINE_CHARACTERS = new Set([0x09, 0x0a, 0x0d]);

/** Whether `text` holds a character the field may not contain (C0 controls and DEL). */
export function hasControlCharacter(text: string, multiLine = false): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 || code === 0x7f) && !(multiLine && LINE_CHARACTERS.has(code))) return true;
  }
  return false;
}

/**
 * Whether any string in a parsed request part (body, query or path parameters), at any depth, or any
 * object key holds a control character. `multiLine` names the fields (by key) whose text may span lines.
 */
export function containsControlCharacter(
  value: unknown,
  multiLine: readonly string[] = [],
  key = '',
): boolean {
  if (typeof value === 'string') return hasControlCharacter(value, multiLine.includes(key));
  if (typeof value !== 'object' || value === null) return false;
  // Plain loops: this runs on every request, and schedules send a few hundred strings.
  if (Array.isArray(value)) {
    for (const item of value) if (containsControlCharacter(item, multiLine, key)) return true;
    return false;
  }
  for (const name in value) {
    if (!Object.hasOwn(value, name)) continue;
    if (hasControlCharacter(name)) return true;
    if (containsControlCharacter((value as Record<string, unknown>)[name], multiLine, name)) return true;
  }
  return false;
}
