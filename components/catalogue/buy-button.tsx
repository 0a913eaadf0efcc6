'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { usePathname, useRouter } from '@/i18n/navigation';
import { localePath } from '@/i18n/routing';
import { useErrorText } from '@/i18n/use-error-text';
import { useSession } from '@/components/layout/session-provider';
import { useEffect, useState } from 'react';
import { loginUrl } from '@/lib/routes';

type OrderState = 'unknown' | 'not-paid' | 'paid';

/**
 * `paidHref`: where Already Paid leads (a course's player); My Collection by default (books).
 * `free`: the item costs nothing, so the button enrolls at once and leads to `paidHref`.
 */
type BuyButtonProps = { itemId: string; itemName: string; paidHref?: string; free?: boolean };

const wide = 'w-full sm:w-auto sm:min-w-48';

/** Whether the signed-in visitor has already paid for the item (spec §2: Already Paid). */
function usePaidState(itemId: string, signedIn: boolean): OrderState {
  const [state, setState] = useState<OrderState>('unknown');
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    fetch(`/api/order/status?id=${encodeURIComponent(itemId)}`, { signal: controller.signal, cache: 'no-store' })
      .then(async (response) => {
        const body = response.ok ? ((await response.json()) as { paid?: unknown }) : null;
        setState(body?.paid === true ? 'paid' : 'not-paid');
      })
      // Without an answer the visitor can still try to buy; the server refuses a second purchase.
      .catch(() => {
        if (!controller.signal.aborted) setState('not-paid');
      });
    return () => controller.abort();
  }, [itemId, signedIn]);
  return state;
}

/** The order's completion without a card: the server checks again that it costs nothing. */
async function completeFreeOrder(orderId: string): Promise<Response> {
  return fetch(`/api/order/${encodeURIComponent(orderId)}/complete-free`, { method: 'POST' });
}

/**
 * Buy Now on course and book pages. Signed-out visitors go to /login and come back here; signed-in
 * buyers get an order (POST /api/order) and land on My Order, or, for a free item, are enrolled at
 * once and go to it; a paid item shows Already Paid.
 */
export function BuyButton({ itemId, itemName, paidHref = '/myCollection', free = false }: BuyButtonProps) {
  const t = useTranslations('catalogueBuy');
  const errorText = useErrorText();
  const locale = useLocale();
  const { status } = useSession();
  const pathname = usePathname();
  const router = useRouter();
  const paidState = usePaidState(itemId, status === 'authenticated');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  if (status === 'loading') {
    return (
      <button type="button" className={`btn-primary ${wide}`} disabled>
        {t('buyNow')}
      </button>
    );
  }

  if (status === 'unauthenticated') {
    return (
      // The way back after logging in keeps the page's language.
      <Link href={loginUrl(localePath(locale, pathname))} className={`btn-primary ${wide}`}>
        {t.rich(free ? 'enrollFreeLogIn' : 'buyNowLogIn', { name: itemName, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
      </Link>
    );
  }

  if (paidState === 'paid') {
    return (
      <Link href={paidHref} className={`btn bg-red-700 text-white hover:bg-red-800 ${wide}`}>
        {t('alreadyPaid')}
      </Link>
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
      const body = (await response.json().catch(() => ({}))) as { message?: unknown; insertedId?: unknown };
      if (response.ok && free && typeof body.insertedId === 'string') {
        const completed = await completeFreeOrder(body.insertedId);
        // If it could not be completed here (the price changed meanwhile), My Order shows the order.
        router.push(completed.ok ? paidHref : '/myOrder');
        return;
      }
      if (response.ok) {
        router.push('/myOrder');
        return;
      }
      setError(typeof body.message === 'string' && body.message ? errorText(body.message) : t('failed'));
    } catch {
      setError(t('network'));
    }
    setBusy(false);
  }

  return (
    <div className="flex flex-col gap-2">
      <button type="button" className={`btn-primary ${wide}`} onClick={buy} disabled={busy || paidState === 'unknown'} aria-busy={busy}>
        {busy ? t(free ? 'enrolling' : 'placing') : t(free ? 'enrollFree' : 'buyNow')}
      </button>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
