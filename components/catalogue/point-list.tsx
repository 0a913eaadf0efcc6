import { writtenPoints } from '@/lib/written-points';

type Points = { point1: string; point2: string; point3: string };

/** "What you will learn": an item's objective, only when an admin wrote some of it. */
export function ObjectiveSection({ heading, points }: { heading: string; points: Points }) {
  if (writtenPoints(points).length === 0) return null;
  return (
    <section aria-labelledby="objective-heading">
      <h2 id="objective-heading" className="mb-4 text-2xl font-bold text-brand-900">
        {heading}
      </h2>
      <PointList points={points} />
    </section>
  );
}

/** The three points of an objective or a syllabus part, skipping any left empty. */
export function PointList({ points }: { points: Points }) {
  const items = writtenPoints(points);
  return (
    <ul className="space-y-2">
      {items.map((point, index) => (
        <li key={index} className="flex gap-3 text-slate-800">
          <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden className="mt-0.5 shrink-0 text-brand-600" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round">
            <path d="M20 6 9 17l-5-5" />
          </svg>
          <span>{point}</span>
        </li>
      ))}
    </ul>
  );
}
