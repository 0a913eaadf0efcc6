import { writtenPoints } from '@/lib/written-points';

type Points = { point1: string; point2: string; point3: string };

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
