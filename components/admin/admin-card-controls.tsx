'use client';

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

type DeleteTexts = { title: string; text: string | null; confirm: string; done: string };

/** Spec §8's confirmations; instructors follow the blog and book wording. */
const DELETE_TEXTS: Record<CardKind, DeleteTexts> = {
  blog: { title: 'Are you sure?', text: "You won't be able to revert this!", confirm: 'Yes, delete it!', done: 'Your blog has been deleted.' },
  book: { title: 'Are you sure?', text: "You won't be able to revert this!", confirm: 'Yes, delete it!', done: 'Your book has been deleted.' },
  course: { title: 'Do You Want To Delete This ??', text: null, confirm: 'Delete', done: 'Your course has been deleted.' },
  instructor: { title: 'Are you sure?', text: "You won't be able to revert this!", confirm: 'Yes, delete it!', done: 'Your instructor has been deleted.' },
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
      {buyers} {buyers === 1 ? 'buyer keeps' : 'buyers keep'} access: the {kind} leaves the catalogue but stays in their My Collection.
    </p>
  );
}

const ICON_BUTTON = 'flex h-9 w-9 items-center justify-center rounded-full border bg-white shadow-sm transition-colors';

export default function AdminCardControls({ kind, id, name, editHref, className = 'relative z-10' }: AdminCardActionsProps) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [pending, startTransition] = useTransition();
  const actions = useRef<HTMLDivElement>(null);
  const texts = DELETE_TEXTS[kind];

  function remove() {
    startTransition(async () => {
      const result = await DELETE_ACTIONS[kind](id).catch((): Result => ({ ok: false, message: 'Something went wrong. Please try again.' }));
      setConfirming(false);
      if (!result.ok) {
        toast.error(result.message);
        return;
      }
      toast.success('Deleted!', { description: texts.done });
      // Hide the card at once: a page regeneration that started before the delete can still
      // put the old list back into the cache for a moment, and refresh() would then show it.
      actions.current?.closest('article')?.setAttribute('hidden', '');
      // The action already dropped the cached pages; this re-renders the list without a reload.
      router.refresh();
    });
  }

  return (
    <div ref={actions} className={`flex gap-2 ${className}`}>
      <Link href={editHref} className={`${ICON_BUTTON} border-brand-600 text-brand-700 hover:bg-brand-50`} aria-label={`Edit ${name}`} title="Edit">
        <PencilIcon />
      </Link>
      <button
        type="button"
        className={`${ICON_BUTTON} border-red-700 text-red-700 hover:bg-red-50`}
        aria-label={`Delete ${name}`}
        aria-haspopup="dialog"
        title="Delete"
        disabled={pending}
        onClick={() => setConfirming(true)}
      >
        <TrashIcon />
      </button>
      {/* Mounted only while open: a page of cards must not hold one dialog (and title id) per card. */}
      {confirming ? (
        <ConfirmDialog open title={texts.title} confirmLabel={texts.confirm} busy={pending} onCancel={() => setConfirming(false)} onConfirm={remove}>
          {texts.text ?? `“${name}” will be deleted.`}
          {kind === 'course' || kind === 'book' ? <BuyersNote itemId={id} kind={kind} /> : null}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
