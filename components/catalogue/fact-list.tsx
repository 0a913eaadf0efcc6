export type Fact = { label: string; value: string | number };

/** Short label/value facts (Enrolled, Hours, Format, Pages …) as a description list. */
export function FactList({ facts, label }: { facts: Fact[]; label: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {facts.map((fact) => (
        <div key={fact.label} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{fact.label}</dt>
          <dd className="mt-1 text-lg font-bold text-brand-900">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
