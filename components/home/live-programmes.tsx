import Link from 'next/link';
import { HomeSection } from './section-heading';

// Spec §2: live-class programme cards, Live 1-on-1 through 12-on-12, each tagged Coding and
// Music with an EXPLORE link to /classes. Every card describes its own group size (the spec's
// 3-on-3 card wrongly repeated the 1-on-1 text).

const GROUP_SIZES = Array.from({ length: 12 }, (_, index) => index + 1);
const TAGS = ['Coding', 'Music'] as const;

function describe(size: number): string {
  if (size === 1) return 'One teacher, one learner: every lesson is shaped around you.';
  return `A live group of ${size} learners with one dedicated teacher.`;
}

export function LiveProgrammes() {
  return (
    <HomeSection id="home-live" title="Live Classes" caption="Live classes for ages 4-18+, from personal 1-on-1 lessons to small groups.">
      <ul className="grid gap-3 sm:grid-cols-2 sm:gap-5 lg:grid-cols-4">
        {GROUP_SIZES.map((size) => {
          const name = `Live ${size}-on-${size}`;
          return (
            <li key={size} className="flex flex-col rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
              <div className="flex items-center justify-between gap-3">
                <h3 className="text-lg font-bold text-brand-900">{name}</h3>
                <p className="w-fit shrink-0 rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide text-red-700">
                  <span aria-hidden className="mr-1 inline-block h-2 w-2 rounded-full bg-red-600 align-middle" />
                  Live
                </p>
              </div>
              <p className="mt-1 flex-1 text-sm text-slate-700 sm:mt-2">{describe(size)}</p>
              <div className="mt-3 flex items-center justify-between gap-3 sm:mt-4">
                <ul className="flex gap-2" aria-label="Topics">
                  {TAGS.map((tag) => (
                    <li key={tag} className="rounded-md bg-brand-50 px-2 py-1 text-xs font-semibold text-brand-700">{tag}</li>
                  ))}
                </ul>
                <Link href="/classes" className="btn-primary">
                  EXPLORE<span className="sr-only"> {name}</span>
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </HomeSection>
  );
}
