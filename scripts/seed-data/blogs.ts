import type { BlogDocument } from '@/server/platform/documents';
import { demoImage } from './paths';

export type SeedBlog = Omit<BlogDocument, '_id' | 'createdAt'>;

function blog(title: string, writerName: string, date: string, description: string): SeedBlog {
  return { title, img: demoImage('blogs', title), date, writerName, description };
}

/** Oldest first: the seed staggers createdAt in this order (and the dates follow it). */
export const BLOGS: SeedBlog[] = [
  blog(
    'How to Build a Study Routine That Survives Exam Season',
    'Nazmul Huda',
    '2026-02-14',
    'Most students do not fail because they lack talent; they fail because their routine collapses the moment exams get close. Start small: two focused sessions of forty-five minutes each day, at the same time, with your phone in another room. Write down what you will cover before you sit down, and tick it off when you finish. On Fridays, spend one hour revising everything from the week using practice questions instead of re-reading. When a mock test goes badly, change the plan, not the habit. A routine that is boring but steady beats an ambitious timetable that lasts four days.',
  ),
  blog(
    'Five Physics Mistakes That Cost SSC Marks',
    'Tanvir Rahman',
    '2026-03-09',
    'Every year examiners see the same five mistakes in SSC physics: forgetting units, mixing up mass and weight, using the wrong sign for acceleration, copying a formula without checking it applies, and skipping the explanation in creative questions. The fix is simple. Write the unit next to every number, draw a small diagram before you calculate, and finish every answer with one sentence that says what the number means. These habits take a week to build and can add ten marks to your paper.',
  ),
  blog(
    'Why We Teach Coding From Class Seven',
    'Sharmin Akter',
    '2026-04-02',
    'Coding is not only for future engineers. When a class seven student turns a flowchart into a working Scratch game, they practise breaking a big problem into small steps, testing ideas and fixing mistakes calmly. Those are the same skills that help in mathematics, science and even essay writing. Our first coding lessons need no prior experience and run on any computer or tablet, and many of our best students started with a borrowed phone and curiosity.',
  ),
  blog(
    'Learning With Your Child: A Guide for Busy Parents',
    'Sadia Rahman',
    '2026-05-18',
    'Parents often ask how they can help when they work long hours. Fifteen minutes is enough if it happens every day. Ask your child to teach you one thing they learned, read one short story together before bed, and look at their weekly quiz results without judging. Praise effort more than marks. Children who explain ideas aloud remember them far better, and they love being the teacher for once. Keep a small notebook of questions your child could not answer, and bring them to the next live class.',
  ),
  blog(
    'Free Courses Are Now Live',
    'Knowledge Zone Team',
    '2026-06-01',
    'Spoken English Starter, Python Basics in Seven Days and Study Skills are free for everyone. Start today at your own pace.',
  ),
  blog(
    'What Makes a Good Online Class? Lessons From 10,000 Students',
    'Farhan Ahmed',
    '2026-07-21',
    'After teaching more than ten thousand learners online, we have found that the best classes share three things. They are short, with a clear goal announced in the first minute. They are interactive, asking students to answer, write or solve something every five to seven minutes. And they end with a small task that can be finished the same day. Long lectures recorded in one take rarely work, however good the teacher is. That is why every Knowledge Zone course is built from short videos, quizzes and notes, and why our live classes are kept small.',
  ),
  blog(
    'Tajweed Circles Open for Women and Girls',
    'Umme Salma',
    '2026-08-30',
    'New live Quran recitation circles led by female teachers start next month, with evening and weekend batches for learners of every level.',
  ),
  blog(
    'Preparing for University Admission Tests Without Burning Out',
    'Dr. Rumana Haque',
    '2026-09-25',
    'The months between HSC and admission tests are some of the most stressful in a student’s life. Treat preparation like a long race. Sleep seven hours, because memory is built while you sleep. Study in blocks of ninety minutes with real breaks, and take one full mock test each week under exam conditions. Keep an error log of every MCQ you get wrong and revisit it every three days. Finally, talk to someone when anxiety builds up; friends, family and teachers want to help, and a short conversation can save a lost week.',
  ),
  blog(
    'New Books in Our Library This Month',
    'Knowledge Zone Team',
    '2026-10-12',
    'Science Experiments You Can Do at Home and the IELTS Listening Practice Sessions audio pack are now available in the Books section.',
  ),
];
