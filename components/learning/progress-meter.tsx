import { useLocale } from 'next-intl';
import { formatNumber } from '@/lib/format';

/** A course's percent complete as a bar with its number (My Collection, the player's outline). */
export function ProgressMeter({ percent, label }: { percent: number; label: string }) {
  const locale = useLocale();
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full min-w-24 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-emerald-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="shrink-0 text-sm font-semibold text-slate-700">{formatNumber(percent, locale)}%</span>
    </div>
  );
}
