import type { ReactNode } from 'react';

// Column counts per screen width (docs/product.md §9: books 4, blogs 2, courses 3, live list 4, search 1/3/4).
const LAYOUTS = {
  courses: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3',
  live: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-4',
  books: 'grid-cols-2 md:grid-cols-3 lg:grid-cols-4',
  blogs: 'grid-cols-1 md:grid-cols-2',
  search: 'grid-cols-1 md:grid-cols-3 lg:grid-cols-4',
  instructors: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3',
} as const;

export type GridLayout = keyof typeof LAYOUTS;

/** A list of cards; each child becomes one list item so screen readers announce the count. */
export function CatalogueGrid({ layout, label, children }: { layout: GridLayout; label: string; children: ReactNode[] }) {
  return (
    <ul aria-label={label} data-grid={layout} className={`grid gap-4 sm:gap-6 ${LAYOUTS[layout]}`}>
      {children.map((child, index) => (
        <li key={index} className="flex">
          {child}
        </li>
      ))}
    </ul>
  );
}
