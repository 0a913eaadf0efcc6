/** `text` as a regular expression that matches exactly it (for a prefix query, `^` + this). */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
