import type { ReviewDocument } from '@/server/platform/documents';
import { demoImage } from './paths';

/** Reviewers are stored as users without a password, so nobody can sign in as them. */
export type SeedReviewer = { name: string; email: string; image: string };

export type SeedReview = Pick<ReviewDocument, 'comment' | 'ratting'> & { reviewer: SeedReviewer };

function reviewer(name: string, emailName: string): SeedReviewer {
  return { name, email: `${emailName}@reviewers.knowledgezone.test`, image: demoImage('reviewers', name) };
}

export const REVIEWERS = {
  sabrina: reviewer('Sabrina Chowdhury', 'sabrina.chowdhury'),
  arman: reviewer('Arman Hossain', 'arman.hossain'),
  mithila: reviewer('Mithila Rahman', 'mithila.rahman'),
  tahsin: reviewer('Tahsin Karim', 'tahsin.karim'),
  rehana: reviewer('Rehana Parvin', 'rehana.parvin'),
  zubair: reviewer('Zubair Ahmed', 'zubair.ahmed'),
} as const satisfies Record<string, SeedReviewer>;

/** Oldest first: the home carousel shows the newest three. */
export const REVIEWS: SeedReview[] = [
  { reviewer: REVIEWERS.sabrina, ratting: 5, comment: 'The Physics for Class Nine videos finally made motion and force click for me. My test marks went up.' },
  { reviewer: REVIEWERS.arman, ratting: 4, comment: 'Python Basics was clear and fun. I wish there were more practice projects, but it was worth it.' },
  { reviewer: REVIEWERS.rehana, ratting: 5, comment: 'My daughter looks forward to the drawing class every week. The teacher is so patient with kids.' },
  { reviewer: REVIEWERS.tahsin, ratting: 3, comment: 'Good IELTS tips and honest feedback on writing. Live sessions sometimes started a few minutes late.' },
  { reviewer: REVIEWERS.mithila, ratting: 5, comment: 'The HSC calculus course explains every step. I stopped memorising and started understanding.' },
  { reviewer: REVIEWERS.zubair, ratting: 4, comment: 'Tajweed circle corrected my recitation letter by letter. Small groups make a real difference.' },
];
