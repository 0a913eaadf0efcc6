'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { routes } from '@/lib/routes';
import { SearchIcon } from '@/components/ui/icons';

export function SearchBox({ id = 'course-search' }: { id?: string }) {
  const t = useTranslations('nav');
  const router = useRouter();
  const [term, setTerm] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = term.trim();
    if (text) router.push(routes.searchCourse(text));
  }

  return (
    <form role="search" onSubmit={submit} className="flex w-full items-center">
      <label htmlFor={id} className="sr-only">{t('searchCourses')}</label>
      <input
        id={id}
        type="search"
        value={term}
        maxLength={100}
        onChange={(event) => setTerm(event.target.value)}
        placeholder={t('searchCourses')}
        className="w-full min-w-0 rounded-l-md border border-slate-400 px-3 py-1.5 text-sm focus:border-brand-500 focus:outline-none"
      />
      <button type="submit" className="rounded-r-md bg-brand-600 px-3 py-2 text-white hover:bg-brand-700" aria-label={t('search')}>
        <SearchIcon width={16} height={16} />
      </button>
    </form>
  );
}
