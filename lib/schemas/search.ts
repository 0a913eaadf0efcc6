import { coded, composedCode } from '@/lib/coded-message';
import { z } from 'zod';
import { SEARCH_TERM_MAX } from '@/lib/format';

/** GET /api/search/suggestions?q=: what the header's search box holds (normalized and cut to SEARCH_TERM_MAX on the server). */
export const suggestionsQuery = z.strictObject({ q: z.string({ error: coded('qIsRequired') }).max(SEARCH_TERM_MAX * 2, composedCode(`q must be at most ${SEARCH_TERM_MAX * 2} characters`)) });

/** A suggestion's name in other languages, by locale: `{ bn: { title } }`. */
const titleTranslations = z.record(z.string(), z.object({ title: z.string().optional() })).optional();

export const courseSuggestion = z.object({ id: z.string(), classCourse: z.string(), title: z.string(), translations: titleTranslations });
export type CourseSuggestionAnswer = z.infer<typeof courseSuggestion>;

/** A book's or an instructor's name offered while typing. */
export const namedSuggestion = z.object({ id: z.string(), title: z.string(), translations: titleTranslations });
export type NamedSuggestionAnswer = z.infer<typeof namedSuggestion>;

/** The answer: courses (under their first name, `suggestions`), books and instructors. */
export const suggestionsAnswer = z.object({ suggestions: z.array(courseSuggestion), books: z.array(namedSuggestion), instructors: z.array(namedSuggestion) });
export type SuggestionsAnswer = z.infer<typeof suggestionsAnswer>;
