import { REVIEWERS } from './reviews';
import type { SeedReviewer } from './reviews';

// Demo ratings and reviews of courses and books, so the demo's pages, cards and lists
// show ratings. Written by the seed's password-less reviewers, each with a paid order for the item
// (only buyers review). "Study Skills and Exam Preparation" is left without reviews: the journey in
// e2e/item-reviews.spec.ts writes its first one.

export type SeedItemReview = {
  reviewer: SeedReviewer;
  /** A course title or a book name of the demo catalogue. */
  item: string;
  rating: number;
  body: string;
  daysAgo: number;
  /** The demo admin's public reply. */
  reply?: string;
};

export const ITEM_REVIEWS: SeedItemReview[] = [
  { reviewer: REVIEWERS.sabrina, item: 'Physics for Class Nine', rating: 5, daysAgo: 20, body: 'The videos on motion and force finally made sense to me. The quiz at the end of each section shows exactly what to revise.' },
  { reviewer: REVIEWERS.tahsin, item: 'Physics for Class Nine', rating: 4, daysAgo: 12, body: 'Clear explanations and good worked examples. I would like a few more practice problems on energy.', reply: 'Thank you, Tahsin! A new problem set on work and energy is being added to section 3 this month.' },
  { reviewer: REVIEWERS.mithila, item: 'Physics for Class Nine', rating: 5, daysAgo: 5, body: 'Short lessons that fit around school. My test marks went up after two weeks.' },
  { reviewer: REVIEWERS.arman, item: 'Python Basics in Seven Days', rating: 4, daysAgo: 18, body: 'Clear and fun. The daily plan keeps you going, though I wished for one bigger project at the end.' },
  { reviewer: REVIEWERS.zubair, item: 'Python Basics in Seven Days', rating: 5, daysAgo: 9, body: 'I had never written code before. By day five I wrote a small quiz game for my brother.' },
  { reviewer: REVIEWERS.rehana, item: 'Python Basics in Seven Days', rating: 3, daysAgo: 3, body: 'Good for beginners, but the pace on day four (functions) was quick for my son. The notes helped.' },
  { reviewer: REVIEWERS.mithila, item: 'HSC Higher Mathematics: Calculus', rating: 5, daysAgo: 15, body: 'Every step of every limit and derivative is explained. I stopped memorising and started understanding.' },
  { reviewer: REVIEWERS.tahsin, item: 'IELTS Preparation: Band 7 Strategies', rating: 3, daysAgo: 10, body: 'Useful writing tips and honest feedback. The listening section could use more practice tests.' },
  { reviewer: REVIEWERS.sabrina, item: 'Physics Made Clear for SSC', rating: 5, daysAgo: 14, body: 'The diagrams are excellent and the solved problems follow the SSC pattern closely.' },
  { reviewer: REVIEWERS.arman, item: 'Physics Made Clear for SSC', rating: 4, daysAgo: 6, body: 'A handy companion to the class nine course. I would like an answer key for the end-of-chapter exercises.' },
  { reviewer: REVIEWERS.rehana, item: 'English Grammar in Everyday Use', rating: 4, daysAgo: 8, body: 'Plain explanations with examples from daily life. My daughter uses it for homework every week.' },
];
