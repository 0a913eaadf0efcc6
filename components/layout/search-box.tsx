'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useEffect, useId, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { routes } from '@/lib/routes';
import type { CourseSuggestionAnswer } from '@/lib/schemas/search';
import { SearchIcon } from '@/components/ui/icons';

/** Suggestions start at two characters, once typing pauses this long. */
const MIN_CHARACTERS = 2;
const PAUSE_MS = 120;

/** The course titles the server suggests for `term`, fetched after a pause; an older answer never replaces a newer one. */
function useSuggestions(term: string): CourseSuggestionAnswer[] {
  const [answer, setAnswer] = useState<{ term: string; suggestions: CourseSuggestionAnswer[] }>({ term: '', suggestions: [] });
  const wanted = term.trim();
  useEffect(() => {
    if (Array.from(wanted).length < MIN_CHARACTERS) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/search/suggestions?q=${encodeURIComponent(wanted)}`, { signal: controller.signal })
        .then(async (response) => (response.ok ? ((await response.json()) as { suggestions: CourseSuggestionAnswer[] }) : null))
        .then((body) => {
          if (body) setAnswer({ term: wanted, suggestions: body.suggestions });
        })
        // Without suggestions the box still searches on Enter.
        .catch(() => undefined);
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wanted]);
  return answer.term === wanted && Array.from(wanted).length >= MIN_CHARACTERS ? answer.suggestions : [];
}

/**
 * The header's course search (spec §2): Enter opens the results page; while typing, up to eight
 * course titles are offered below (a combobox: arrow keys move through them, Enter opens the one
 * chosen, Escape closes the list).
 */
export function SearchBox({ id = 'course-search', autoFocus = false }: { id?: string; autoFocus?: boolean }) {
  const t = useTranslations('nav');
  const locale = useLocale();
  const router = useRouter();
  const listId = useId();
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(term);
  const shown = open ? suggestions : [];

  function go(href: string) {
    setOpen(false);
    setActive(-1);
    router.push(href);
  }

  function hrefOf(suggestion: CourseSuggestionAnswer): string {
    return routes.courseDetail(suggestion.classCourse, suggestion.id);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const chosen = shown[active];
    if (chosen) return go(hrefOf(chosen));
    const text = term.trim();
    if (text) go(routes.searchCourse(text));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Round from the box (-1) through the list and back to the box.
      setActive((current) => {
        const next = current + step;
        if (next < -1) return suggestions.length - 1;
        return next >= suggestions.length ? -1 : next;
      });
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <form role="search" onSubmit={submit} className="relative flex w-full items-center">
      <label htmlFor={id} className="sr-only">{t('searchCourses')}</label>
      <input
        id={id}
        type="search"
        // Only where the visitor has just asked for the search (the phone header's button).
        autoFocus={autoFocus}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown.length > 0}
        aria-controls={listId}
        aria-activedescendant={shown[active] ? optionId(active) : undefined}
        autoComplete="off"
        value={term}
        maxLength={100}
        onChange={(event) => {
          setTerm(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        placeholder={t('searchCourses')}
        className="w-full min-w-0 rounded-l-md border border-slate-400 px-3 py-1.5 text-sm focus:border-brand-500 focus:outline-none"
      />
      <button type="submit" className="rounded-r-md bg-brand-600 px-3 py-2 text-white hover:bg-brand-700" aria-label={t('search')}>
        <SearchIcon width={16} height={16} />
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('suggestions')}
        className={shown.length > 0 ? 'absolute left-0 top-full z-50 mt-1 w-full min-w-72 overflow-hidden rounded-md border border-slate-300 bg-white py-1 text-sm shadow-lg' : 'hidden'}
      >
        {shown.map((suggestion, index) => (
          <li
            key={suggestion.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Chosen before the box loses focus (which closes the list).
            onMouseDown={(event) => {
              event.preventDefault();
              go(hrefOf(suggestion));
            }}
            onMouseEnter={() => setActive(index)}
            className={`cursor-pointer px-3 py-2 text-slate-800 ${index === active ? 'bg-brand-50 text-brand-900' : ''}`}
          >
            {locale === 'bn' && suggestion.bnTitle ? suggestion.bnTitle : suggestion.title}
          </li>
        ))}
      </ul>
    </form>
  );
}
