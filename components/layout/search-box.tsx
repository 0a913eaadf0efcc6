'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useEffect, useId, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { routes } from '@/lib/routes';
import type { SuggestionsAnswer } from '@/lib/schemas/search';
import { SearchIcon } from '@/components/ui/icons';
import { translated } from '@/lib/translated-content';
import type { ItemText, Translations } from '@/lib/translated-content';

/** Suggestions start at two characters, once typing pauses this long. */
const MIN_CHARACTERS = 2;
const PAUSE_MS = 120;

type GroupName = 'courses' | 'books' | 'instructors';

/** One name offered: its group, its text in each language and where choosing it leads. */
type Suggestion = { key: string; group: GroupName; title: string; translations?: Translations<Pick<ItemText, 'title'>>; href: string };

/** The answer's groups as one list in the order shown: courses, books, instructors. */
function suggestionsOf(answer: SuggestionsAnswer): Suggestion[] {
  return [
    ...answer.suggestions.map((course) => ({ ...course, key: `course-${course.id}`, group: 'courses' as const, href: routes.courseDetail(course.classCourse, course.id) })),
    ...answer.books.map((book) => ({ ...book, key: `book-${book.id}`, group: 'books' as const, href: routes.book(book.id) })),
    // An instructor has no page of their own: their name's search shows them and the courses they teach.
    ...answer.instructors.map((instructor) => ({ ...instructor, key: `instructor-${instructor.id}`, group: 'instructors' as const, href: routes.searchCourse(instructor.title) })),
  ];
}

/** The names the server suggests for `term`, fetched after a pause; an older answer never replaces a newer one. */
function useSuggestions(term: string): Suggestion[] {
  const [answer, setAnswer] = useState<{ term: string; suggestions: Suggestion[] }>({ term: '', suggestions: [] });
  const wanted = term.trim();
  useEffect(() => {
    if (Array.from(wanted).length < MIN_CHARACTERS) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/search/suggestions?q=${encodeURIComponent(wanted)}`, { signal: controller.signal })
        .then(async (response) => (response.ok ? ((await response.json()) as SuggestionsAnswer) : null))
        .then((body) => {
          if (body) setAnswer({ term: wanted, suggestions: suggestionsOf(body) });
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
 * The header's search (docs/product.md §2): Enter opens the results page; while typing, up to eight names are
 * offered below, grouped as courses, books and instructors (a combobox: arrow keys move through
 * them across the groups, Enter opens the one chosen, Escape closes the list).
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

  function submit(event: FormEvent) {
    event.preventDefault();
    const chosen = shown[active];
    if (chosen) return go(chosen.href);
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
  const groups = (['courses', 'books', 'instructors'] as const)
    .map((group) => ({ group, entries: shown.flatMap((suggestion, index) => (suggestion.group === group ? [{ suggestion, index }] : [])) }))
    .filter(({ entries }) => entries.length > 0);

  return (
    <form role="search" onSubmit={submit} className="relative flex w-full items-center">
      <label htmlFor={id} className="sr-only">{t('searchSite')}</label>
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
        placeholder={t('search')}
        className="w-full min-w-0 rounded-l-md border border-slate-400 px-3 py-1.5 text-sm focus:border-brand-500 focus:outline-none"
      />
      <button type="submit" className="rounded-r-md bg-brand-600 px-3 py-2 text-white hover:bg-brand-700" aria-label={t('search')}>
        <SearchIcon width={16} height={16} />
      </button>
      <div
        id={listId}
        role="listbox"
        aria-label={t('suggestions')}
        className={shown.length > 0 ? 'absolute left-0 top-full z-50 mt-1 w-full min-w-72 overflow-hidden rounded-md border border-slate-300 bg-white py-1 text-sm shadow-lg' : 'hidden'}
      >
        {/* Grouped as the WAI-ARIA listbox pattern groups options; a group's name shows when there are several. */}
        {groups.map(({ group, entries }) => (
          <ul key={group} role="group" aria-labelledby={`${listId}-${group}`}>
            <li id={`${listId}-${group}`} role="presentation" className={groups.length > 1 ? 'px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-600' : 'sr-only'}>
              {t(`suggestionGroups.${group}`)}
            </li>
            {entries.map(({ suggestion, index }) => (
              <li
                key={suggestion.key}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                // Chosen before the box loses focus (which closes the list).
                onMouseDown={(event) => {
                  event.preventDefault();
                  go(suggestion.href);
                }}
                onMouseEnter={() => setActive(index)}
                className={`cursor-pointer px-3 py-2 text-slate-800 ${index === active ? 'bg-brand-50 text-brand-900' : ''}`}
              >
                {translated(suggestion.title, suggestion.translations, 'title', locale)}
              </li>
            ))}
          </ul>
        ))}
      </div>
    </form>
  );
}
