// Placeholders shown while a catalogue screen streams in (loading.tsx): the same shapes as the
// real page, so nothing jumps when the content arrives.

const block = 'animate-pulse rounded-md bg-slate-200';

function Status({ label }: { label: string }) {
  return <span className="sr-only">{label}</span>;
}

function CardSkeleton({ imageClass }: { imageClass: string }) {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <div className={`${block} ${imageClass} w-full rounded-none`} />
      <div className="space-y-3 p-4">
        <div className={`${block} h-5 w-4/5`} />
        <div className={`${block} h-4 w-1/3`} />
      </div>
    </div>
  );
}

type ListSkeletonProps = { withMenu?: boolean; columns?: 'courses' | 'books' | 'blogs' | 'search'; label?: string };

const COLUMNS = {
  courses: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3',
  books: 'grid-cols-2 md:grid-cols-3 lg:grid-cols-4',
  blogs: 'grid-cols-1 md:grid-cols-2',
  search: 'grid-cols-1 md:grid-cols-3 lg:grid-cols-4',
} as const;

/** Heading banner, optional side menu and a grid of card placeholders. */
export function ListSkeleton({ withMenu = false, columns = 'courses', label = 'Loading…' }: ListSkeletonProps) {
  const cards = columns === 'blogs' ? 4 : 8;
  const imageClass = columns === 'books' ? 'aspect-[3/4]' : 'aspect-video';
  return (
    <div role="status" aria-live="polite">
      <Status label={label} />
      <div className="bg-gradient-to-r from-brand-900 to-brand-700">
        <div className="container-page py-8 sm:py-10">
          <div className="h-9 w-64 animate-pulse rounded-md bg-white/20 sm:h-10" />
        </div>
      </div>
      <div className={`container-page grid gap-6 py-8 lg:py-10 grid-cols-[minmax(0,1fr)] ${withMenu ? 'lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-8' : ''}`}>
        {withMenu ? (
          <div className="flex gap-2 overflow-hidden lg:flex-col">
            {Array.from({ length: 7 }, (_, index) => (
              <div key={index} className={`${block} h-9 w-28 shrink-0 lg:w-full`} />
            ))}
          </div>
        ) : null}
        <div className={`grid gap-4 sm:gap-6 ${COLUMNS[columns]}`}>
          {Array.from({ length: cards }, (_, index) => (
            <CardSkeleton key={index} imageClass={imageClass} />
          ))}
        </div>
      </div>
    </div>
  );
}

/** Title, picture and text placeholders for a course, book or blog page. */
export function DetailSkeleton({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="container-page py-6 lg:py-10">
      <Status label={label} />
      <div className={`${block} h-4 w-48`} />
      <div className={`${block} mt-6 h-10 w-full max-w-2xl`} />
      <div className={`${block} mt-3 h-5 w-full max-w-xl`} />
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-4">
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {Array.from({ length: 6 }, (_, index) => (
              <div key={index} className={`${block} h-20`} />
            ))}
          </div>
          {Array.from({ length: 5 }, (_, index) => (
            <div key={index} className={`${block} h-5 w-full`} />
          ))}
        </div>
        <div className={`${block} order-first aspect-video w-full lg:order-none lg:aspect-[4/5]`} />
      </div>
    </div>
  );
}
