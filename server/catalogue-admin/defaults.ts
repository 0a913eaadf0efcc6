import 'server-only';
import type { Points, SyllabusPart } from '../documents';

// Creation defaults (spec §9). The add forms do not ask for these; every new course and book
// starts with them, and admins refine the numbers and texts later through the legacy API.

export const COURSE_DEFAULTS = {
  transcripts: 10,
  promoCode: 'KZ2026',
  state: 'unread',
  objective: {
    point1: 'Understand every topic of the course step by step, from the basics to exam level.',
    point2: 'Practise with quizzes and notes after each lesson to check your progress.',
    point3: 'Build the confidence to solve new problems on your own.',
  },
  syllabus: {
    free: {
      title: 'Free introduction',
      point1: 'Welcome and how the course works',
      point2: 'What you will learn',
      point3: 'How to use the notes and quizzes',
    },
    email: {
      title: 'Core lessons',
      point1: 'Key ideas explained with examples',
      point2: 'Worked problems',
      point3: 'Weekly practice quiz',
    },
    monologues: {
      title: 'Revision and practice',
      point1: 'Summary of every chapter',
      point2: 'Model test with answers',
      point3: 'Tips for the final exam',
    },
  },
} as const satisfies {
  transcripts: number;
  promoCode: string;
  state: 'unread';
  objective: Points;
  syllabus: { free: SyllabusPart; email: SyllabusPart; monologues: SyllabusPart };
};

export const BOOK_DEFAULTS = {
  state: 'unread',
  objective: {
    point1: 'Chemistry lectures from experienced teachers, explained chapter by chapter.',
    point2: 'Every chemistry lecture ends with solved problems and practice questions.',
    point3: 'Lecture notes that help you revise chemistry quickly before the exam.',
  },
} as const satisfies { state: 'unread'; objective: Points };
