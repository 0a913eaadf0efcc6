import 'server-only';
import MiniSearch from 'minisearch';
import { editDistance } from '@/lib/edit-distance';

// An in-memory index of a catalogue's names (course titles, book names, instructor names) and the
// words of their descriptions, for search. Names are matched as typed (a substring), then word by
// word, then with typos; descriptions word by word. What is indexed is a cache of the database:
// each user builds it with server/catalogue/catalogue-memory.ts, again after a catalogue change.
//
// A term no name contains as typed is looked for word by word first: a name with every word of it,
// in any order and place ("physics nine" in "Physics for Class Nine"), then, when none has them all,
// MiniSearch's fuzzy word matching over the same names, nearest names only ("phisics" and
// "phsyics" find Physics, not Phonics; "pyhton" finds Python). The word test looks only at the
// entries listed for the rarest gram of any word (below); the fuzzy search scores every name of
// every word near the term's and is left for misspellings.

/** What an index holds of an entry: its key, its name as shown (the order answers come in) and its normalized names. */
export type Indexed = {
  key: string;
  title: string;
  /** The normalized names (English, then Bengali if any): what a term is looked for in. */
  titles: string[];
};

/** Letters in a gram: a term of at least this many is looked for only where its grams are. */
const GRAM = 3;

/**
 * Each run of three letters in a normalized name, and the positions (in name order) of the entries
 * whose names have it. A name containing a term has every gram of it, so only the entries listed for
 * the term's rarest gram need a look: a few dozen names for most terms instead of all of them.
 */
type Grams = Map<string, Int32Array>;

/**
 * The distinct words of the entries' descriptions, sorted (so the words starting with a term's word
 * are one run), each with the positions of the entries whose description has it.
 */
type DescriptionWords = { words: string[]; positions: Int32Array[] };

/** One MiniSearch document per name (a term's words never match across an entry's two names); `entry` is the entry's position. */
type FuzzyName = { id: number; entry: number; text: string };

export type TextIndex<T extends Indexed> = { entries: T[]; grams: Grams; fuzzy: MiniSearch<FuzzyName>; described: DescriptionWords };

const nameOrder = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Name order, ties by key: the order search answers in. */
export function byTitle(a: Indexed, b: Indexed): number {
  return nameOrder.compare(a.title, b.title) || a.key.localeCompare(b.key);
}

/**
 * Edits allowed per fuzzy word: two from five letters on ("pyhton" for Python, where two letters
 * swapped count as two edits here), one from three, none below.
 */
const FUZZINESS = (word: string) => (word.length >= 5 ? 2 : word.length >= 3 ? 1 : 0);

/** The words of a text: runs of letters (with their marks, as Bengali writes vowels) and digits, lower-cased. */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * The index of `entries`, which keep the order given (name order: see byTitle); `descriptionOf`
 * gives the text of an entry whose words a term may match (empty for none).
 */
export function textIndexOf<T extends Indexed>(entries: T[], descriptionOf: (entry: T) => string): TextIndex<T> {
  const fuzzy = new MiniSearch<FuzzyName>({ fields: ['text'], storeFields: ['entry'], searchOptions: { fuzzy: FUZZINESS, prefix: true, combineWith: 'AND' } });
  fuzzy.addAll(entries.flatMap((entry, position) => entry.titles.map((text) => ({ entry: position, text }))).map((name, id) => ({ id, ...name })));
  return { entries, grams: gramIndexOf(entries), fuzzy, described: describedIndexOf(entries.map(descriptionOf)) };
}

/** Each run of GRAM letters in a text, in order. */
function* gramsIn(text: string): Generator<string> {
  for (let at = 0; at + GRAM <= text.length; at += 1) yield text.slice(at, at + GRAM);
}

/** For each key, the positions given with it, in the order given. */
function postingsOf(keysAt: (position: number) => Iterable<string>, count: number): Map<string, Int32Array> {
  const positions = new Map<string, number[]>();
  for (let position = 0; position < count; position += 1) {
    for (const key of new Set(keysAt(position))) {
      const list = positions.get(key);
      if (list) list.push(position);
      else positions.set(key, [position]);
    }
  }
  return new Map([...positions].map(([key, list]) => [key, Int32Array.from(list)]));
}

function gramIndexOf(entries: Indexed[]): Grams {
  return postingsOf((position) => entries[position]!.titles.flatMap((title) => [...gramsIn(title)]), entries.length);
}

function describedIndexOf(descriptions: string[]): DescriptionWords {
  const postings = [...postingsOf((position) => wordsOf(descriptions[position]!), descriptions.length)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { words: postings.map(([word]) => word), positions: postings.map(([, positions]) => positions) };
}

const NONE = new Int32Array(0);

/**
 * The positions of the only entries whose names can have every one of `parts`: those listed for the
 * rarest gram of any part (a name missing one has none of them); null when no part is long enough
 * to have a gram, and every entry can.
 */
function candidatePositions(index: TextIndex<Indexed>, parts: string[]): Int32Array | null {
  let rarest: Int32Array | null = null;
  for (const part of parts) {
    for (const gram of gramsIn(part)) {
      const positions = index.grams.get(gram);
      if (!positions) return NONE;
      if (!rarest || positions.length < rarest.length) rarest = positions;
    }
  }
  return rarest;
}

/** The entries with a name that has every one of `parts` (together as `fits` says), in name order. */
function entriesNamed<T extends Indexed>(index: TextIndex<T>, parts: string[], fits: (title: string) => boolean): T[] {
  const matches = (entry: T) => entry.titles.some(fits);
  const positions = candidatePositions(index, parts);
  if (!positions) return index.entries.filter(matches);
  const found: T[] = [];
  for (const position of positions) {
    const entry = index.entries[position]!;
    if (matches(entry)) found.push(entry);
  }
  return found;
}

/** Entries whose name (either language) contains the normalized term, in name order; every entry for an empty term. */
export function entriesContaining<T extends Indexed>(index: TextIndex<T>, term: string): T[] {
  if (term === '') return [...index.entries];
  return entriesNamed(index, [term], (title) => title.includes(term));
}

/**
 * Entries with every word of a term of several words in one of their names, anywhere and in any
 * order, in name order; none for a term of one word (the substring test already answered it).
 */
export function entriesWithEveryWord<T extends Indexed>(index: TextIndex<T>, term: string): T[] {
  const words = term.split(' ');
  if (words.length < 2) return [];
  return entriesNamed(index, words, (title) => words.every((word) => title.includes(word)));
}

/** A word of a term from this many letters matches the description's words it starts ("program" → "programming"); a shorter one only itself. */
const DESCRIPTION_PREFIX_FROM = 3;

/** The first of the sorted words not before `word`. */
function firstFrom(words: string[], word: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (words[middle]! < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Entries whose description has every word of the term (a word or the start of one), in name
 * order; none for a term without a word.
 */
export function entriesDescribedBy<T extends Indexed>(index: TextIndex<T>, term: string): T[] {
  const termWords = [...new Set(wordsOf(term))];
  if (termWords.length === 0) return [];
  const { words, positions } = index.described;
  // How many of the term's words each entry's description has so far; `seenFor` keeps an entry
  // from counting twice for one term word that starts several of its words.
  const counts = new Uint16Array(index.entries.length);
  const seenFor = new Int32Array(index.entries.length).fill(-1);
  termWords.forEach((termWord, wordNumber) => {
    const prefix = termWord.length >= DESCRIPTION_PREFIX_FROM;
    for (let at = firstFrom(words, termWord); at < words.length; at += 1) {
      const word = words[at]!;
      if (prefix ? !word.startsWith(termWord) : word !== termWord) break;
      for (const position of positions[at]!) {
        if (seenFor[position] === wordNumber) continue;
        seenFor[position] = wordNumber;
        counts[position] = counts[position]! + 1;
      }
    }
  });
  return index.entries.filter((_, position) => counts[position] === termWords.length);
}

/**
 * A term still being typed may be a misspelt start of a word ("phisic" of "physics"): two edits
 * from six letters on, one from three.
 */
const TYPING_FUZZINESS = (term: string) => Math.min(2, Math.floor(term.length / 3));

/**
 * How far a name's words are from a term's: for each word of the term, the edits to the nearest
 * word of the name or its start (the search matches prefixes too), a swap of two letters counting
 * one, summed. Orders the fuzzy matches, whose own score counts a swap as two edits and would put
 * "Phonics" before "Physics" for "phsyics".
 */
function editsFrom(words: string[], title: string): number {
  const titleWords = title.split(' ');
  const nearest = (word: string) => Math.min(...titleWords.map((titleWord) => Math.min(editDistance(word, titleWord, 3), editDistance(word, titleWord.slice(0, word.length), 3))));
  return words.reduce((total, word) => total + nearest(word), 0);
}

/**
 * Entries whose name words are nearest the term's (typos, letters swapped or missing): those the
 * fewest edits away, best match first; `typing` for a term not finished yet.
 */
export function entriesNear<T extends Indexed>(index: TextIndex<T>, term: string, { typing = false }: { typing?: boolean } = {}): T[] {
  const words = term.split(' ');
  // An entry near by both its names is listed once, with its nearer one; ties keep MiniSearch's order.
  const best = new Map<number, { edits: number; rank: number }>();
  index.fuzzy.search(term, typing ? { fuzzy: TYPING_FUZZINESS } : {}).forEach((hit, rank) => {
    const position = hit.entry as number;
    const titles = index.entries[position]?.titles ?? [];
    const edits = Math.min(...titles.map((title) => editsFrom(words, title)));
    const known = best.get(position);
    if (!known || edits < known.edits) best.set(position, { edits, rank: known?.rank ?? rank });
  });
  const fewest = Math.min(...[...best.values()].map(({ edits }) => edits));
  return [...best]
    .filter(([, { edits }]) => edits === fewest)
    .sort(([, a], [, b]) => a.rank - b.rank)
    .flatMap(([position]) => index.entries[position] ?? []);
}

/**
 * The entries closest to a term no name contains: those with every word of it in a name (in name
 * order), else those whose name words are near its words (typos): best first, or in name order for
 * `inTitleOrder`. `typing` for a term not finished.
 */
export function closeMatches<T extends Indexed>(index: TextIndex<T>, term: string, { typing = false, inTitleOrder = false } = {}): T[] {
  const everyWord = entriesWithEveryWord(index, term);
  if (everyWord.length > 0) return everyWord;
  const near = entriesNear(index, term, { typing });
  return inTitleOrder ? near.sort(byTitle) : near;
}

/** What a term found: the entries, and whether they are only near it (typos) rather than matches. */
export type Matches<T> = { matches: T[]; approximate: boolean };

/**
 * Every entry a term finds, best first: names containing it as typed, then names with every word
 * of it, then (`descriptions`) descriptions with every word of it, each in name order; when none,
 * the names nearest it (typos, in name order). Without `descriptions`, a name containing the term
 * answers alone and the others come only when there is none (the legacy search's rule).
 */
export function findMatches<T extends Indexed>(index: TextIndex<T>, term: string, { descriptions = true }: { descriptions?: boolean } = {}): Matches<T> {
  const exact = entriesContaining(index, term);
  if (!descriptions) {
    return exact.length > 0 ? { matches: exact, approximate: false } : { matches: closeMatches(index, term, { inTitleOrder: true }), approximate: true };
  }
  const found = new Set(exact);
  for (const entry of entriesWithEveryWord(index, term)) found.add(entry);
  for (const entry of entriesDescribedBy(index, term)) found.add(entry);
  if (found.size > 0) return { matches: [...found], approximate: false };
  return { matches: entriesNear(index, term).sort(byTitle), approximate: true };
}

/**
 * What to offer while a term is typed: names that start with it first, then names that contain it;
 * the closest ones (closeMatches) only when no name contains it.
 */
export function entriesForTyping<T extends Indexed>(index: TextIndex<T>, term: string): Matches<T> {
  const containing = entriesContaining(index, term);
  const startsWith = (entry: T) => entry.titles.some((title) => title.startsWith(term));
  const ranked = [...containing.filter(startsWith), ...containing.filter((entry) => !startsWith(entry))];
  return ranked.length > 0 ? { matches: ranked, approximate: false } : { matches: closeMatches(index, term, { typing: true }), approximate: true };
}
