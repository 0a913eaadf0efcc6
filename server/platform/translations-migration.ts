import 'server-only';
import type { Db } from 'mongodb';

// Catalogue items first kept their Bengali texts in a field named for the language (`bn`); they
// are now kept by locale under `translations` (lib/translated-content.ts), so a new language is a
// row of data. This moves them once per database, when a process first connects. Two instances
// starting together do no harm: an item already moved has no `bn` left to move.

const MARKER = 'translationsByLocale:v1';

const TRANSLATED_COLLECTIONS = ['courses', 'books', 'blogs', 'instructors'] as const;

export async function keepTranslationsByLocale(db: Db): Promise<void> {
  const migrations = db.collection<{ _id: string; at: Date }>('migrations');
  if (await migrations.findOne({ _id: MARKER })) return;
  for (const name of TRANSLATED_COLLECTIONS) {
    await db.collection(name).updateMany({ bn: { $exists: true } }, { $rename: { bn: 'translations.bn' } });
  }
  await migrations.updateOne({ _id: MARKER }, { $set: { at: new Date() } }, { upsert: true });
}
