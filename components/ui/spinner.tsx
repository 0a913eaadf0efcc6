import { useTranslations } from 'next-intl';

/** The loading animation used wherever a screen waits (docs/product.md §4: pages show a spinner until loaded). */
export function Spinner({ label }: { label?: string }) {
  const t = useTranslations('ui');
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-12 text-slate-600">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" aria-hidden />
      <span className="text-sm">{label ?? t('loading')}</span>
    </div>
  );
}
