import type { BookDocument } from '@/server/platform/documents';
import { demoImage } from './paths';
import { demoPricePaisa } from './prices';

export type SeedBook = Omit<BookDocument, '_id' | 'createdAt'>;

export type Writer = { name: string; img: string; education: string };

function writer(name: string, education: string): Writer {
  return { name, img: demoImage('writers', name), education };
}

export const WRITERS = {
  mahbubAlam: writer('Mahbub Alam', 'MSc in Physics, University of Dhaka'),
  farzanaHaque: writer('Farzana Haque', 'PhD in Chemistry, University of Rajshahi'),
  anwarHossain: writer('Dr. Anwar Hossain', 'PhD in Mathematics, University of Dhaka'),
  shamimaNasrin: writer('Shamima Nasrin', 'MA in English Literature, Jahangirnagar University'),
  rezaulKarim: writer('Rezaul Karim', 'MA in Bengali, University of Chittagong'),
  ishratJahan: writer('Ishrat Jahan', 'MSc in Zoology, University of Dhaka'),
  tareqAziz: writer('Tareq Aziz', 'BSc in Computer Science and Engineering, BUET'),
  nadiaIslam: writer('Nadia Islam', 'MBA in Finance, University of Dhaka'),
  habiburRahman: writer('Habibur Rahman', 'Kamil in Tafsir, Islamic Arabic University'),
  sumaiyaKhan: writer('Sumaiya Khan', 'MA in Applied Linguistics, North South University'),
} as const satisfies Record<string, Writer>;

type BookSpec = Omit<
  SeedBook,
  | 'img' | 'state' | 'objective' | 'pricePaisa'
  | 'writerName1' | 'writerName2' | 'writerName3' | 'writerName4'
  | 'writerImg' | 'writerImg2' | 'writerImg3' | 'writerImg4'
  | 'educationWriter1' | 'educationWriter2' | 'educationWriter3' | 'educationWriter4'
> & {
  writers: readonly [Writer, ...Writer[]];
  goals: readonly [string, string, string];
};

function book({ writers, goals, ...rest }: BookSpec): SeedBook {
  const [first, second, third, fourth] = writers;
  return {
    ...rest,
    pricePaisa: demoPricePaisa(rest.priceCents),
    img: demoImage('books', rest.bookName),
    state: 'unread',
    objective: { point1: goals[0], point2: goals[1], point3: goals[2] },
    writerName1: first.name,
    writerImg: first.img,
    educationWriter1: first.education,
    // Optional writers are left out entirely (not stored as empty strings), as the add form does.
    ...(second ? { writerName2: second.name, writerImg2: second.img, educationWriter2: second.education } : {}),
    ...(third ? { writerName3: third.name, writerImg3: third.img, educationWriter3: third.education } : {}),
    ...(fourth ? { writerName4: fourth.name, writerImg4: fourth.img, educationWriter4: fourth.education } : {}),
  };
}

const W = WRITERS;

/** Oldest first: the seed staggers createdAt in this order, and the home page shows the last six. */
export const BOOKS: SeedBook[] = [
  book({
    bookName: 'Physics Made Clear for SSC',
    priceCents: 800,
    writers: [W.mahbubAlam],
    goals: ['Understand every SSC physics chapter in plain language', 'Practise with 400 solved creative questions', 'Revise formulas with one-page chapter summaries'],
    about: 'A companion to the national physics textbook for classes nine and ten. Each chapter opens with a short story from daily life, explains the ideas step by step and ends with solved creative and multiple-choice questions.',
    page: 248,
    interactive: 'NO',
    formate: 'PDF',
    filesize: '14 MB',
  }),
  book({
    bookName: 'Chemistry Lecture Notes: From Atoms to Reactions',
    priceCents: 900,
    writers: [W.farzanaHaque, W.mahbubAlam],
    goals: ['Follow chemistry lectures with clear, complete notes', 'Learn reaction types with worked examples', 'Test yourself with interactive quizzes after each lecture'],
    about: 'Twenty lectures of secondary and higher secondary chemistry turned into tidy notes with diagrams, colour-coded reactions and quick quizzes you can tap to check answers.',
    page: 196,
    interactive: 'YES',
    formate: 'PDF',
    filesize: '18 MB',
  }),
  book({
    bookName: 'The Joy of Mathematics: Puzzles for Curious Minds',
    priceCents: 600,
    writers: [W.anwarHossain],
    goals: ['Think creatively about numbers and shapes', 'Solve puzzles from easy to olympiad level', 'See the mathematics hiding in everyday life'],
    about: 'One hundred and twenty puzzles collected over thirty years of teaching, each with hints and a full solution. Suitable for curious students from class six upwards and for their parents.',
    page: 164,
    interactive: 'NO',
    formate: 'PDF',
    filesize: '9 MB',
  }),
  book({
    bookName: 'English Grammar in Everyday Use',
    priceCents: 700,
    writers: [W.shamimaNasrin, W.sumaiyaKhan],
    goals: ['Use tenses, articles and prepositions correctly', 'Avoid the twenty most common mistakes of Bangla speakers', 'Write clear emails, letters and paragraphs'],
    about: 'A practical grammar for school, university and office, with examples taken from real conversations, newspapers and emails written in Bangladesh.',
    page: 312,
    interactive: 'NO',
    formate: 'PDF',
    filesize: '11 MB',
  }),
  book({
    bookName: 'Bangla Grammar and Composition Guide',
    priceCents: 600,
    writers: [W.rezaulKarim],
    goals: ['Master sandhi, samas and karak', 'Write essays, letters and reports in standard Bangla', 'Spell correctly following the Bangla Academy rules'],
    about: 'Bangla grammar for classes six to ten with model compositions, spelling rules and exam-style exercises, all checked against the current board syllabus.',
    page: 280,
    interactive: 'NO',
    formate: 'PDF',
    filesize: '10 MB',
  }),
  book({
    bookName: 'Biology Diagrams Workbook',
    priceCents: 800,
    writers: [W.ishratJahan, W.farzanaHaque, W.anwarHossain],
    goals: ['Draw and label every diagram in the SSC and HSC syllabus', 'Check labels with interactive overlays', 'Remember structures through repetition'],
    about: 'Sixty diagrams, from the plant cell to the human heart, each shown step by step with tap-to-reveal labels and blank versions to practise on.',
    page: 144,
    interactive: 'YES',
    formate: 'PDF',
    filesize: '26 MB',
  }),
  book({
    bookName: 'Python Programming for Beginners',
    priceCents: 1200,
    writers: [W.tareqAziz, W.sumaiyaKhan],
    goals: ['Write Python programs from scratch', 'Understand loops, functions and data structures', 'Build five small projects'],
    about: 'A friendly introduction to programming that assumes no background. Every chapter ends with a project, from a taka currency converter to a simple quiz game.',
    page: 226,
    interactive: 'YES',
    formate: 'PDF',
    filesize: '8 MB',
  }),
  book({
    bookName: 'Stories of the Prophets: Audio Edition',
    priceCents: 900,
    writers: [W.habiburRahman],
    goals: ['Listen to the lives of twenty-five prophets', 'Learn the lesson behind each story', 'Share the stories with the whole family'],
    about: 'Twenty-five stories narrated in warm, clear Bangla, each about fifteen minutes long, with a printed booklet of key lessons and questions for discussion.',
    page: 48,
    interactive: 'NO',
    formate: 'MP3',
    filesize: '320 MB',
  }),
  book({
    bookName: 'Spoken English Daily Dialogues',
    priceCents: 700,
    writers: [W.sumaiyaKhan, W.shamimaNasrin],
    goals: ['Hear natural English in everyday situations', 'Repeat and record your own replies', 'Learn useful phrases for work and travel'],
    about: 'Sixty short dialogues recorded by native and fluent speakers at a natural pace and a slower practice pace, with a transcript booklet.',
    page: 64,
    interactive: 'YES',
    formate: 'MP3',
    filesize: '210 MB',
  }),
  book({
    bookName: 'Personal Finance for Students',
    priceCents: 500,
    writers: [W.nadiaIslam],
    goals: ['Make and keep a monthly budget', 'Understand savings, interest and mobile banking', 'Plan your first investments safely'],
    about: 'Money basics for students and first-time earners in Bangladesh, with worksheets, real examples in taka and a chapter on avoiding scams.',
    page: 132,
    interactive: 'YES',
    formate: 'PDF',
    filesize: '6 MB',
  }),
  book({
    bookName: 'HSC Higher Mathematics Solved Problems',
    priceCents: 1100,
    writers: [W.anwarHossain, W.mahbubAlam, W.tareqAziz, W.farzanaHaque],
    goals: ['See every textbook exercise solved step by step', 'Learn shortcuts for board examinations', 'Practise with recent board questions'],
    about: 'Complete solutions for both papers of HSC higher mathematics, written by four teachers and checked twice, with notes on where students usually lose marks.',
    page: 520,
    interactive: 'NO',
    formate: 'PDF',
    filesize: '34 MB',
  }),
  book({
    bookName: 'Bedtime Stories for Little Learners',
    priceCents: 400,
    writers: [W.rezaulKarim],
    goals: ['Build listening skills and vocabulary', 'Enjoy folk tales from Bangladesh', 'Make bedtime a calm reading ritual'],
    about: 'Thirty gentle folk tales and fables for children aged four to eight, narrated in Bangla with soft background music and a picture booklet.',
    page: 40,
    interactive: 'NO',
    formate: 'MP3',
    filesize: '180 MB',
  }),
  book({
    bookName: 'Tajweed Practice Audio Companion',
    priceCents: 600,
    writers: [W.habiburRahman, W.ishratJahan],
    goals: ['Hear every tajweed rule recited slowly and clearly', 'Repeat after the reciter verse by verse', 'Check your recitation against a model'],
    about: 'Model recitations for every rule taught in a standard tajweed course, recorded slowly and at normal speed, with a booklet listing each example.',
    page: 56,
    interactive: 'YES',
    formate: 'MP3',
    filesize: '240 MB',
  }),
  book({
    bookName: 'Web Development Handbook: HTML, CSS and JavaScript',
    priceCents: 1300,
    writers: [W.tareqAziz, W.nadiaIslam, W.sumaiyaKhan],
    goals: ['Build responsive websites from scratch', 'Understand how the browser renders a page', 'Write clean, accessible front-end code'],
    about: 'A hands-on handbook that builds a complete portfolio website chapter by chapter, with exercises and a checklist for accessibility and performance.',
    page: 388,
    interactive: 'YES',
    formate: 'PDF',
    filesize: '22 MB',
  }),
  book({
    bookName: 'Science Experiments You Can Do at Home',
    priceCents: 700,
    writers: [W.ishratJahan, W.mahbubAlam, W.farzanaHaque, W.anwarHossain],
    goals: ['Run forty safe experiments with household items', 'Record observations like a scientist', 'Explain the science behind each result'],
    about: 'Forty experiments for classes three to eight using lemons, balloons, salt, turmeric and other things found at home, with safety notes for parents.',
    page: 176,
    interactive: 'YES',
    formate: 'PDF',
    filesize: '30 MB',
  }),
  book({
    bookName: 'IELTS Listening Practice Sessions',
    priceCents: 1000,
    writers: [W.sumaiyaKhan, W.shamimaNasrin, W.nadiaIslam],
    goals: ['Practise all four sections of IELTS listening', 'Learn to predict answers before you hear them', 'Track your band score over twelve tests'],
    about: 'Twelve complete listening tests recorded with a range of accents, with answer keys, transcripts and tips for the most common traps.',
    page: 96,
    interactive: 'NO',
    formate: 'MP3',
    filesize: '410 MB',
  }),
];
