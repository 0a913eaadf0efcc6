import type { ReactNode } from 'react';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <section className="w-full max-w-md rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200 sm:p-8">
        <h1 className="mb-6 text-center text-2xl font-bold text-brand-900">{title}</h1>
        {children}
      </section>
    </div>
  );
}
