// The placeholder shown while search results stream in (app/searchCourse/[term]/loading.tsx): the
// same shapes as the real page, so nothing jumps when the content arrives.
//
// Only search has one among the catalogue screens: it renders per request, so its results really
// stream. The other catalogue pages are served whole from the cache, where a Suspense fallback in
// the HTML only delays the content: React 19.2 reveals content behind a painted fallback no sooner
// than 300 ms later, which costs those pages their Lighthouse performance score.

const block = 'animate-pulse rounded-md bg-slate-200';

function CardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <div className={`${block} aspect-video w-full rounded-none`} />
      <div className="space-y-3 p-4">
        <div className={`${block} h-5 w-4/5`} />
        <div className={`${block} h-4 w-1/3`} />
      </div>
    </div>
  );
}

/** Heading banner and a grid of card placeholders, 1/3/4 columns like the search results. */
export function SearchSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <div className="bg-gradient-to-r from-brand-900 to-brand-700">
        <div className="container-page py-8 sm:py-10">
          <div className="h-9 w-64 animate-pulse rounded-md bg-white/20 sm:h-10" />
        </div>
      </div>
      <div className="container-page grid grid-cols-1 gap-4 py-8 sm:gap-6 md:grid-cols-3 lg:grid-cols-4 lg:py-10">
        {Array.from({ length: 8 }, (_, index) => (
          <CardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}
