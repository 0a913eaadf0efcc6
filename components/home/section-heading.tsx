import type { ReactNode } from 'react';

/** A home-page section: heading (and optional caption) above its content. */
export function HomeSection({
  id,
  title,
  caption,
  children,
  className = '',
}: {
  id: string;
  title: string;
  caption?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    // Not a labelled region itself: the carousel inside is the region named after this heading.
    <section className={`render-when-near py-10 sm:py-14 ${className}`}>
      <div className="container-page">
        <h2 id={`${id}-heading`} className="text-center text-2xl font-extrabold text-brand-900 sm:text-3xl">
          {title}
        </h2>
        {caption ? <p className="mx-auto mt-2 max-w-2xl text-center text-slate-700">{caption}</p> : null}
        <div className="mt-6 sm:mt-8">{children}</div>
      </div>
    </section>
  );
}
