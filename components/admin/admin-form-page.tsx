import type { ReactNode } from 'react';

/** The frame of every add/update screen: a heading, a short note and the form on a card. */
export function AdminFormPage({ title, note, children }: { title: string; note?: ReactNode; children: ReactNode }) {
  return (
    <div className="container-page max-w-4xl py-8 lg:py-10">
      <h1 className="text-3xl font-bold text-brand-900">{title}</h1>
      {note ? <p className="mt-1 text-slate-700">{note}</p> : null}
      <div className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">{children}</div>
    </div>
  );
}
