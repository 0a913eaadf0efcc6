import 'server-only';
import type { ItemText, Translations } from '@/lib/translated-content';
import type { ObjectId } from 'mongodb';
import { cache } from 'react';
import type { Subject } from '@/lib/catalogue';
import { pageCountOf, skipFor } from '@/lib/pagination';
import type { PageInfo } from '@/lib/pagination';
import { collection, parseObjectId, withDb } from '../platform/db';
import type { InstructorDocument } from '../platform/documents';

// Reads of the instructor profiles, as plain objects (`_id` → `id`). Each read is memoized per
// request with React cache().

export const INSTRUCTORS_PER_PAGE = 24;

export type Instructor = {
  id: string;
  Subject: Subject;
  name: string;
  img: string;
  education: string;
  facebook: string;
  twitter: string;
  instagram: string;
  linkedin: string;
  /** The Bengali name (`title`) and education (`description`), where an admin gave them. */
  translations?: Translations<ItemText>;
};

export type InstructorPage = PageInfo & { items: Instructor[] };

export function toInstructor(document: InstructorDocument): Instructor {
  return {
    id: document._id.toHexString(),
    Subject: document.Subject,
    name: document.name,
    img: document.img,
    education: document.education,
    facebook: document.facebook,
    twitter: document.twitter,
    instagram: document.instagram,
    linkedin: document.linkedin,
    ...(document.translations ? { translations: document.translations } : {}),
  };
}

/** One page of a subject's instructors, newest first (page 1 when not given). */
export const listInstructorsBySubject = cache(async (subject: Subject, page = 1): Promise<InstructorPage> =>
  withDb(async () => {
    const instructors = await collection('instructors');
    const [documents, total] = await Promise.all([
      instructors
        .find({ Subject: subject })
        .sort({ createdAt: -1, _id: -1 })
        .skip(skipFor(page, INSTRUCTORS_PER_PAGE))
        .limit(INSTRUCTORS_PER_PAGE)
        .toArray(),
      instructors.countDocuments({ Subject: subject }),
    ]);
    return {
      items: documents.map(toInstructor),
      page,
      pageCount: pageCountOf(total, INSTRUCTORS_PER_PAGE),
      total,
      pageSize: INSTRUCTORS_PER_PAGE,
    };
  }),
);

/** One instructor, or null when the id is malformed or unknown. */
export const getInstructor = cache(async (id: string): Promise<Instructor | null> => {
  const objectId = parseObjectId(id);
  if (!objectId) return null;
  return withDb(async () => {
    const instructors = await collection('instructors');
    const document = await instructors.findOne({ _id: objectId });
    return document ? toInstructor(document) : null;
  });
});

export type InstructorChoice = { id: string; name: string; Subject: Subject };

/** Every instructor, by subject then name: what the course forms' instructor list offers. */
export async function listInstructorChoices(): Promise<InstructorChoice[]> {
  const documents = await withDb(async () => (await collection('instructors')).find({}, { projection: { name: 1, Subject: 1 } }).toArray());
  const byName = new Intl.Collator('en', { sensitivity: 'base' });
  return documents
    .map((document) => ({ id: document._id.toHexString(), name: document.name, Subject: document.Subject }))
    .sort((a, b) => byName.compare(a.Subject, b.Subject) || byName.compare(a.name, b.name));
}

// Whole documents for the legacy API, which answers in the old document shape (server/legacy/legacy-shapes.ts).

/** One instructor document, or null when there is none. */
export async function findInstructorDocument(id: ObjectId): Promise<InstructorDocument | null> {
  return withDb(async () => (await collection('instructors')).findOne({ _id: id }));
}

/** A window of one subject's instructor documents, newest first, and their total. */
export async function listInstructorDocuments(subject: Subject, skip: number, limit: number): Promise<{ documents: InstructorDocument[]; total: number }> {
  return withDb(async () => {
    const instructors = await collection('instructors');
    const [documents, total] = await Promise.all([
      instructors.find({ Subject: subject }).sort({ createdAt: -1, _id: -1 }).skip(skip).limit(limit).toArray(),
      instructors.countDocuments({ Subject: subject }),
    ]);
    return { documents, total };
  });
}
