/** What a list shows when it has nothing yet (docs/architecture.md: every screen has an empty state). */
export function EmptyState({ message }: { message: string }) {
  return <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-700">{message}</p>;
}
