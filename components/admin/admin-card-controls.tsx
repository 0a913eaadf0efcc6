'use client';

import { NextIntlClientProvider, useLocale, useTranslations } from 'next-intl';
import enMessages from '@/messages/en.json';
import bnMessages from '@/messages/bn.json';
import { Link } from '@/i18n/navigation';
import { useRouter } from '@/i18n/navigation';
import { useEffect, useRef, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { deleteBlogAction } from '@/server/actions/blogs';
import { deleteBookAction } from '@/server/actions/books';
import { deleteCourseAction } from '@/server/actions/courses';
import { deleteInstructorAction } from '@/server/actions/instructors';
import type { Result } from '@/lib/result';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { countBuyersAction } from '@/server/actions/buyers';
import { useErrorText } from '@/i18n/use-error-text';

// The edit and delete icons on catalogue cards, loaded only for admins (see admin-card-actions.tsx).
// Every delete is still checked on the server, which is what actually protects the data.

export type CardKind = 'course' | 'book' | 'blog' | 'instructor';

export type AdminCardActionsProps = {
  kind: CardKind;
  id: string;
  /** The item's name, for the buttons' accessible names. */
  name: string;
  editHref: string;
  className?: string;
};

const DELETE_ACTIONS: Record<CardKind, (id: string) => Promise<Result>> = {
  course: deleteCourseAction,
  book: deleteBookAction,
  blog: deleteBlogAction,
  instructor: deleteInstructorAction,
};

const PencilIcon = () => (
  <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
  </svg>
);

const TrashIcon = () => (
  <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    <path d="M3 6h18" />
    <path d="M8 6V4h8v2" />
    <path d="M19 6l-1 14H6L5 6" />
    <path d="M10 11v6M14 11v6" />
  </svg>
);

/** Under a course's or book's delete question: whether buyers keep it (it is then unlisted, not erased). */
function BuyersNote({ itemId, kind }: { itemId: string; kind: 'course' | 'book' }) {
  const t = useTranslations('adminCard');
  const [buyers, setBuyers] = useState<number | null>(null);
  useEffect(() => {
    let current = true;
    void countBuyersAction(itemId)
      .then((result) => {
        if (current && result.ok) setBuyers(result.data.buyers);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [itemId]);
  if (buyers === null || buyers === 0) return null;
  return (
    <p className="mt-2 font-semibold text-slate-900" role="status">
      {t(`${kind}.buyersKeepAccess`, { buyers })}
    </p>
  );
}

const ICON_BUTTON = 'flex h-9 w-9 items-center justify-center rounded-full border bg-white shadow-sm transition-colors';

/**
 * The controls' own messages. Catalogue pages are the same cached page for every visitor, so they
 * do not carry the admin-only texts (and the long `errors` list); this chunk, downloaded by admins
 * only, brings them.
 */
const CONTROL_MESSAGES = {
  // English messages are shown as written (i18n/error-text.ts): no list needed.
  en: { adminCard: enMessages.adminCard, ui: enMessages.ui, errors: {} },
  bn: { adminCard: bnMessages.adminCard, ui: bnMessages.ui, errors: bnMessages.errors },
};

export default function AdminCardControls(props: AdminCardActionsProps) {
  const locale = useLocale();
  return (
    <NextIntlClientProvider locale={locale} timeZone="UTC" messages={CONTROL_MESSAGES[locale]}>
      <CardControls {...props} />
    </NextIntlClientProvider>
  );
}

function CardControls({ kind, id, name, editHref, className = 'relative z-10' }: AdminCardActionsProps) {
  // docs/product.md §8's confirmations (adminCard.{kind}); instructors follow the blog and book wording.
  const t = useTranslations('adminCard');
  const errorText = useErrorText();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [pending, startTransition] = useTransition();
  const actions = useRef<HTMLDivElement>(null);

  function remove() {
    startTransition(async () => {
      const result = await DELETE_ACTIONS[kind](id).catch((): Result => ({ ok: false, message: 'somethingWentWrongPleaseTryAgain' }));
      setConfirming(false);
      if (!result.ok) {
        toast.error(errorText(result.message));
        return;
      }
      toast.success(t('deleted'), { description: t(`${kind}.done`) });
      // Hide the card at once: a page regeneration that started before the delete can still
      // put the old list back into the cache for a moment, and refresh() would then show it.
      actions.current?.closest('article')?.setAttribute('hidden', '');
      // The action already dropped the cached pages; this re-renders the list without a reload.
      router.refresh();
    });
  }

  return (
    <div ref={actions} className={`flex gap-2 ${className}`}>
      <Link href={editHref} className={`${ICON_BUTTON} border-brand-600 text-brand-700 hover:bg-brand-50`} aria-label={t('editNamed', { name })} title={t('edit')}>
        <PencilIcon />
      </Link>
      <button
        type="button"
        className={`${ICON_BUTTON} border-red-700 text-red-700 hover:bg-red-50`}
        aria-label={t('deleteNamed', { name })}
        aria-haspopup="dialog"
        title={t('delete')}
        disabled={pending}
        onClick={() => setConfirming(true)}
      >
        <TrashIcon />
      </button>
      {/* Mounted only while open: a page of cards must not hold one dialog (and title id) per card. */}
      {confirming ? (
        <ConfirmDialog open title={t(`${kind}.title`)} confirmLabel={t(`${kind}.confirm`)} busy={pending} onCancel={() => setConfirming(false)} onConfirm={remove}>
          {t(`${kind}.text`, { name })}
          {kind === 'course' || kind === 'book' ? <BuyersNote itemId={id} kind={kind} /> : null}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
