'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { usePathname, useRouter } from '@/i18n/navigation';
import { localePath } from '@/i18n/routing';
import { useErrorText } from '@/i18n/use-error-text';
import { useSession } from '@/components/layout/session-provider';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { loginUrl, routes } from '@/lib/routes';

/** Not yet known, not the visitor's, or theirs (a course with the percent of it completed). */
type Ownership = { state: 'unknown' | 'not-paid' } | { state: 'paid'; progressPercent: number | null };

/**
 * `kind`: a course leads its owner into its lessons, a book to My Collection. `free`: the item costs
 * nothing, so the button enrolls at once. `promoNote`: the page's promo code offer, shown only to
 * visitors who may still buy.
 */
type BuyButtonProps = { itemId: string; itemName: string; kind: 'course' | 'book'; free?: boolean; promoNote?: ReactNode };

const wide = 'w-full sm:w-auto sm:min-w-48';

/** Whether the signed-in visitor already owns the item, and how far into a course they are. */
function useOwnership(itemId: string, signedIn: boolean): Ownership {
  const [ownership, setOwnership] = useState<Ownership>({ state: 'unknown' });
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    fetch(`/api/order/status?id=${encodeURIComponent(itemId)}`, { signal: controller.signal, cache: 'no-store' })
      .then(async (response) => {
        const body = response.ok ? ((await response.json()) as { paid?: unknown; progressPercent?: unknown }) : null;
        const progressPercent = typeof body?.progressPercent === 'number' ? body.progressPercent : null;
        setOwnership(body?.paid === true ? { state: 'paid', progressPercent } : { state: 'not-paid' });
      })
      // Without an answer the visitor can still try to buy; the server refuses a second purchase.
      .catch(() => {
        if (!controller.signal.aborted) setOwnership({ state: 'not-paid' });
      });
    return () => controller.abort();
  }, [itemId, signedIn]);
  return ownership;
}

/** The order's completion without a card: the server checks again that it costs nothing. */
async function completeFreeOrder(orderId: string): Promise<Response> {
  return fetch(`/api/order/${encodeURIComponent(orderId)}/complete-free`, { method: 'POST' });
}

/**
 * Buy Now on course and book pages. Signed-out visitors go to /login and come back here; signed-in
 * buyers get an order (POST /api/order) and go straight to its payment page (My Order keeps it, to
 * pay or cancel later), or, for a free item, are enrolled at once and go into it. An owner gets the
 * way in instead: Continue learning with their progress, or Open book.
 */
export function BuyButton({ itemId, itemName, kind, free = false, promoNote }: BuyButtonProps) {
  const t = useTranslations('catalogueBuy');
  const errorText = useErrorText();
  const locale = useLocale();
  const { status } = useSession();
  const pathname = usePathname();
  const router = useRouter();
  const ownership = useOwnership(itemId, status === 'authenticated');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const hidden = (chunks: ReactNode) => <span className="sr-only">{chunks}</span>;
  const offer = promoNote && !free ? promoNote : null;

  if (status === 'loading') {
    return (
      <button type="button" className={`btn-primary ${wide}`} disabled>
        {t('buyNow')}
      </button>
    );
  }

  if (status === 'unauthenticated') {
    return (
      <div className="flex flex-col gap-3">
        {/* The way back after logging in keeps the page's language. */}
        <Link href={loginUrl(localePath(locale, pathname))} className={`btn-primary ${wide}`}>
          {t.rich(free ? 'enrollFreeLogIn' : 'buyNowLogIn', { name: itemName, hidden })}
        </Link>
        {offer}
      </div>
    );
  }

  if (ownership.state === 'paid') {
    const started = (ownership.progressPercent ?? 0) > 0;
    const wayIn = kind === 'book' ? 'openBook' : started ? 'continueLearning' : 'startLearning';
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium text-green-800">{t(kind === 'course' ? 'ownedCourse' : 'ownedBook')}</p>
        <Link href={kind === 'course' ? routes.learn(itemId) : routes.bookShelf(itemId)} aria-label={t(`${wayIn}Label`, { name: itemName })} className={`btn-primary ${wide}`}>
          {t(wayIn)}
        </Link>
        {started && ownership.progressPercent !== null ? (
          <div className="flex flex-col gap-1 text-sm text-slate-700">
            <progress className="h-2 w-full accent-green-700" max={100} value={ownership.progressPercent} aria-hidden="true" />
            <span>{t('progress', { percent: ownership.progressPercent })}</span>
          </div>
        ) : null}
      </div>
    );
  }

  async function buy() {
    setBusy(true);
    setError('');
    try {
      const response = await fetch('/api/order', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: itemId }),
      });
      const body = (await response.json().catch(() => ({}))) as { message?: unknown; code?: unknown; insertedId?: unknown };
      if (response.ok && typeof body.insertedId === 'string') {
        const order = { id: body.insertedId, itemId, itemKind: kind };
        // A free item is completed here; if it could not be (the price changed meanwhile), its payment page says why.
        const completed = free && (await completeFreeOrder(order.id)).ok;
        router.push(completed ? routes.afterPurchase(order) : routes.payment(order.id));
        return;
      }
      setError(typeof body.message === 'string' && body.message ? errorText({ message: body.message, code: typeof body.code === 'string' ? body.code : undefined }) : t('failed'));
    } catch {
      setError(t('network'));
    }
    setBusy(false);
  }

  return (
    <div className="flex flex-col gap-2">
      <button type="button" className={`btn-primary ${wide}`} onClick={buy} disabled={busy || ownership.state === 'unknown'} aria-busy={busy}>
        {busy ? t(free ? 'enrolling' : 'placing') : t(free ? 'enrollFree' : 'buyNow')}
      </button>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {offer}
    </div>
  );
}
