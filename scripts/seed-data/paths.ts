// Seed records and the image generator both derive file names from here, so every path the
// seed stores has a matching file under public/.

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Site-absolute path of a generated demo image, e.g. `/demo/books/physics-made-clear.webp`. */
export function demoImage(folder: string, name: string): string {
  return `/demo/${folder}/${slugify(name)}.webp`;
}

export function initialsOf(name: string): string {
  const words = name
    .replace(/^(Dr|Maulana|Hafez)\.?\s+/i, '')
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word));
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}
