/** In place of Buy Now on a course without lessons or a book without its file: listed, not sold yet. */
export function ComingSoonNote() {
  return <p className="rounded-md bg-amber-100 px-4 py-2 text-center font-semibold text-amber-900">Coming soon: not on sale yet</p>;
}
