import type { ReactNode } from 'react';

/** The banner at the top of a catalogue screen, with its heading text (docs/product.md §2). */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="border-b border-slate-200 bg-gradient-to-r from-brand-900 to-brand-700 text-white">
      <div className="container-page py-8 sm:py-10">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
        {children ? <div className="mt-2 text-brand-50">{children}</div> : null}
      </div>
    </div>
  );
}
