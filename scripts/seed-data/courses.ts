import type { CourseList } from '@/lib/catalogue';
import type { CourseDocument } from '@/server/platform/documents';
import { TEACHERS as T, TUTORS, type Teacher } from './instructors';
import { demoPricePaisa } from './prices';

export type SeedCourse = Omit<CourseDocument, '_id' | 'createdAt'>;

type Three = readonly [string, string, string];
/** A syllabus part: its title, then three lessons. */
type Module = readonly [title: string, lesson1: string, lesson2: string, lesson3: string];
type Stats = readonly [hours: number, videos: number, quizzes: number, notes: number, transcripts: number];

type CourseSpec = {
  title: string;
  priceCents: number;
  teacher: Teacher;
  short: string;
  goals: Three;
  modules: readonly [Module, Module, Module];
  stats: Stats;
};

export const DEMO_PROMO_CODE = 'KZ2026';

export function courseCover(list: CourseList): string {
  return `/demo/courses/${list}.webp`;
}

const VIDEO_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * A stable, well-formed YouTube id derived from the title. The demo ships no real videos, so the
 * embed shows YouTube's "unavailable" card; admins replace the URL with their own upload.
 */
function placeholderVideoUrl(title: string): string {
  let state = 0x811c9dc5;
  for (const char of title) state = Math.imul(state ^ char.charCodeAt(0), 0x01000193) >>> 0;
  let id = '';
  for (let index = 0; index < 11; index += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    id += VIDEO_ID_ALPHABET[state % VIDEO_ID_ALPHABET.length];
  }
  return `https://www.youtube.com/embed/${id}`;
}

function part([title, point1, point2, point3]: Module) {
  return { title, point1, point2, point3 };
}

function list(classCourse: CourseList, specs: CourseSpec[]): SeedCourse[] {
  return specs.map((spec) => {
    const [hours, videos, quizzes, notes, transcripts] = spec.stats;
    return {
      classCourse,
      title: spec.title,
      img: courseCover(classCourse),
      priceCents: spec.priceCents,
      pricePaisa: demoPricePaisa(spec.priceCents),
      state: 'unread',
      ShortDescription: spec.short,
      objective: { point1: spec.goals[0], point2: spec.goals[1], point3: spec.goals[2] },
      instructorImg: spec.teacher.img,
      instructorName: spec.teacher.name,
      education: spec.teacher.education,
      about: spec.teacher.about,
      syllabus: {
        free: part(spec.modules[0]),
        email: part(spec.modules[1]),
        monologues: part(spec.modules[2]),
      },
      video: placeholderVideoUrl(spec.title),
      promoCode: DEMO_PROMO_CODE,
      // Counted from the seeded buyers' paid orders once they are written (scripts/seed.ts).
      Enrolled: 0,
      hours,
      videos,
      quizzes,
      notes,
      transcripts,
    };
  });
}

/** The Free Course list's courses cost nothing: learners enroll without a card. */
const FREE_PRICE_CENTS = 0;

/** Oldest first: the seed staggers createdAt in this order. */
export const COURSES: SeedCourse[] = [
  ...list('classOne', [
    {
      title: 'Bangla Alphabet and First Words',
      priceCents: 900,
      teacher: T.tahminaAkter,
      short: 'A gentle start to reading and writing Bangla: vowels, consonants and the first hundred words, taught with rhymes and tracing sheets.',
      goals: ['Recognise and say every Bangla vowel and consonant', 'Write each letter with the right stroke order', 'Read and write simple two- and three-letter words'],
      modules: [
        ['Shoroborno: the vowels', 'Sounds of অ to ঔ with pictures', 'Tracing practice for each vowel', 'Vowel rhymes to sing at home'],
        ['Byanjonborno: the consonants', 'Consonants in small families', 'Matching letters to objects', 'Daily five-minute tracing'],
        ['First words', 'Joining letters into short words', 'Naming things in the house', 'A little picture dictionary'],
      ],
      stats: [10, 36, 12, 18, 10],
    },
    {
      title: 'Counting and Shapes: Mathematics for Class One',
      priceCents: 900,
      teacher: T.ayeshaSiddiqua,
      short: 'Numbers from 1 to 100, simple addition and the shapes around us, taught with counters, drawings and games children can play at home.',
      goals: ['Count, read and write numbers up to 100', 'Add and take away within 20', 'Name circles, squares, triangles and rectangles'],
      modules: [
        ['Numbers up to 100', 'Counting with beads and sticks', 'Before, after and between', 'Writing numbers neatly'],
        ['Adding and taking away', 'Adding with pictures', 'Taking away with a number line', 'Story sums from the market'],
        ['Shapes around us', 'Finding shapes at home', 'Drawing shapes with a ruler', 'Shape patterns game'],
      ],
      stats: [12, 40, 15, 20, 10],
    },
    {
      title: 'English Rhymes and Phonics',
      priceCents: 1000,
      teacher: T.sadiaRahman,
      short: 'Letter sounds, blending and favourite English rhymes, so young learners can read their first short sentences aloud with confidence.',
      goals: ['Say the sound of every English letter', 'Blend sounds into simple three-letter words', 'Read short sentences aloud'],
      modules: [
        ['Letter sounds', 'A to M with actions', 'N to Z with actions', 'Capital and small letters'],
        ['Blending', 'CVC words such as cat and sun', 'Sight words for class one', 'Word-building cards'],
        ['Rhymes and reading', 'Five classic rhymes', 'Reading picture sentences', 'Reading to a family member'],
      ],
      stats: [9, 32, 10, 16, 10],
    },
  ]),
  ...list('classTwo', [
    {
      title: 'Mathematics for Class Two: Addition and Subtraction',
      priceCents: 1000,
      teacher: T.ayeshaSiddiqua,
      short: 'Two-digit addition and subtraction with carrying and borrowing, money problems in taka and telling the time, following the national curriculum.',
      goals: ['Add and subtract two-digit numbers', 'Solve simple money problems in taka', 'Read time on a clock to the half hour'],
      modules: [
        ['Place value', 'Tens and ones with bundles', 'Comparing numbers', 'Numbers in words'],
        ['Carrying and borrowing', 'Column addition step by step', 'Column subtraction step by step', 'Checking answers'],
        ['Money and time', 'Coins and notes of Bangladesh', 'Shopping story sums', 'O’clock and half past'],
      ],
      stats: [14, 42, 18, 22, 10],
    },
    {
      title: 'English Reading Club for Class Two',
      priceCents: 1100,
      teacher: T.sadiaRahman,
      short: 'Short stories read together every week, with new words, simple questions and a small drawing task to show what the child understood.',
      goals: ['Read short stories with expression', 'Learn ten new words every week', 'Answer who, what and where questions'],
      modules: [
        ['Getting ready to read', 'Finger tracking and pauses', 'Sight words for class two', 'Reading with a partner'],
        ['Stories each week', 'The clever crow', 'The boy and the river', 'A day at the village fair'],
        ['Talking about stories', 'Who, what and where', 'Drawing the story', 'Retelling in three sentences'],
      ],
      stats: [11, 30, 12, 15, 10],
    },
    {
      title: 'Amader Bangla: Stories and Handwriting',
      priceCents: 1000,
      teacher: T.nusratJahan,
      short: 'Joined letters, neat handwriting and short Bangla stories from the class two textbook, with reading aloud in every lesson.',
      goals: ['Write joined letters (juktoborno) correctly', 'Read the class two stories fluently', 'Write three neat sentences about a picture'],
      modules: [
        ['Juktoborno', 'Common joined letters', 'Breaking joined letters apart', 'Word lists to practise'],
        ['Reading the textbook', 'Poems to recite', 'Stories to read aloud', 'Meaning of new words'],
        ['Handwriting', 'Lines, spacing and size', 'Copying a short passage', 'Writing about a picture'],
      ],
      stats: [12, 34, 10, 18, 10],
    },
  ]),
  ...list('classThree', [
    {
      title: 'Science Around Us for Class Three',
      priceCents: 1200,
      teacher: T.lailaNasrin,
      short: 'Plants, animals, water and air explained with simple observations children can make on the balcony, in the school yard or at the pond.',
      goals: ['Tell living from non-living things', 'Describe what plants need to grow', 'Explain why we need clean water and air'],
      modules: [
        ['Living things', 'What makes something alive', 'Animals and their homes', 'Keeping a nature diary'],
        ['Plants', 'Parts of a plant', 'Growing a bean seed', 'Plants we eat'],
        ['Water and air', 'Where water comes from', 'Keeping water clean', 'Air is all around us'],
      ],
      stats: [13, 38, 14, 20, 10],
    },
    {
      title: 'Mathematics for Class Three: Times Tables',
      priceCents: 1200,
      teacher: T.kamrulHossain,
      short: 'Multiplication tables from 2 to 10 learned through patterns, songs and speed games, then used for simple division and word problems.',
      goals: ['Know the times tables from 2 to 10', 'Multiply and divide by one-digit numbers', 'Solve two-step word problems'],
      modules: [
        ['Seeing the patterns', 'Tables of 2, 5 and 10', 'Tables of 3, 4 and 6', 'Tables of 7, 8 and 9'],
        ['Multiplying', 'Multiplying two-digit numbers', 'Arrays and groups', 'Speed rounds'],
        ['Dividing', 'Sharing equally', 'Division as the reverse of multiplication', 'Word problems'],
      ],
      stats: [15, 45, 20, 24, 10],
    },
    {
      title: 'English Grammar Basics for Class Three',
      priceCents: 1100,
      teacher: T.rafiqChowdhury,
      short: 'Nouns, verbs, adjectives and simple sentences, explained with pictures and short exercises that match the class three English book.',
      goals: ['Identify nouns, verbs and adjectives', 'Use a and an, this and that correctly', 'Write correct simple sentences'],
      modules: [
        ['Naming words', 'Nouns around the house', 'Singular and plural', 'A and an'],
        ['Doing and describing words', 'Action verbs', 'Adjectives for colour and size', 'Opposites'],
        ['Sentences', 'Capital letters and full stops', 'Asking questions', 'Writing about my family'],
      ],
      stats: [10, 28, 16, 14, 10],
    },
  ]),
  ...list('classFour', [
    {
      title: 'Elementary Science: Plants and Animals',
      priceCents: 1300,
      teacher: T.imranKabir,
      short: 'Food chains, habitats and the life cycles of frogs and butterflies, with short videos filmed in the wetlands and forests of Bangladesh.',
      goals: ['Draw and explain a simple food chain', 'Describe the life cycle of a frog and a butterfly', 'Explain how animals adapt to their habitat'],
      modules: [
        ['Food chains', 'Producers and consumers', 'Food chains in a pond', 'What happens if one link is lost'],
        ['Life cycles', 'From egg to frog', 'From caterpillar to butterfly', 'Plants from seeds'],
        ['Habitats', 'Life in the Sundarbans', 'Life in the haor wetlands', 'Protecting wildlife'],
      ],
      stats: [12, 36, 12, 18, 10],
    },
    {
      title: 'Mathematics for Class Four: Fractions',
      priceCents: 1300,
      teacher: T.ayeshaSiddiqua,
      short: 'Halves, quarters and other fractions made easy with paper folding, pizza drawings and number lines, followed by plenty of textbook practice.',
      goals: ['Understand and compare simple fractions', 'Add and subtract fractions with the same denominator', 'Use fractions in everyday problems'],
      modules: [
        ['What is a fraction', 'Halves and quarters', 'Numerator and denominator', 'Fractions on a number line'],
        ['Comparing fractions', 'Equivalent fractions', 'Greater or smaller', 'Ordering fractions'],
        ['Working with fractions', 'Adding like fractions', 'Subtracting like fractions', 'Fractions of money and time'],
      ],
      stats: [14, 40, 18, 22, 10],
    },
    {
      title: 'Bangla Composition for Class Four',
      priceCents: 1200,
      teacher: T.shahidulIslam,
      short: 'Paragraphs, letters and short essays in Bangla, with model answers and a checklist students can use to correct their own writing.',
      goals: ['Plan a paragraph before writing', 'Write a personal letter in the right format', 'Use punctuation and spelling correctly'],
      modules: [
        ['Paragraphs', 'Topic sentence and details', 'My school', 'Our national flower'],
        ['Letters', 'Letter to a friend', 'Application for leave', 'Envelope and address'],
        ['Essays', 'A rainy day', 'My favourite festival', 'Self-check list'],
      ],
      stats: [11, 30, 10, 16, 10],
    },
  ]),
  ...list('classFive', [
    {
      title: 'Mathematics for Class Five: Problem Solving',
      priceCents: 1400,
      teacher: T.kamrulHossain,
      short: 'LCM, HCF, decimals, percentages and averages, with a clear method for every type of word problem in the class five textbook.',
      goals: ['Find LCM and HCF quickly', 'Work with decimals and percentages', 'Solve average and unitary method problems'],
      modules: [
        ['Factors and multiples', 'Prime numbers', 'Finding HCF', 'Finding LCM'],
        ['Decimals and percentages', 'Decimal place value', 'Percent of a quantity', 'Profit and loss basics'],
        ['Word problems', 'Unitary method', 'Averages', 'Mixed practice paper'],
      ],
      stats: [18, 52, 24, 28, 10],
    },
    {
      title: 'English for Class Five: Writing Paragraphs',
      priceCents: 1300,
      teacher: T.rafiqChowdhury,
      short: 'Paragraph writing, dialogues and completing stories, with marked examples so students see exactly what examiners look for.',
      goals: ['Write a clear paragraph of eight to ten sentences', 'Complete a story with a logical ending', 'Write a short dialogue between two people'],
      modules: [
        ['Paragraphs', 'Finding ideas', 'Linking words', 'Model paragraphs'],
        ['Stories', 'Beginning, middle and end', 'Completing a story', 'Giving a title'],
        ['Dialogues and forms', 'Dialogue format', 'Filling in a form', 'Practice with feedback'],
      ],
      stats: [12, 34, 14, 20, 10],
    },
    {
      title: 'Science for Class Five: Our Body and Health',
      priceCents: 1300,
      teacher: T.rumanaHaque,
      short: 'How digestion, breathing and blood circulation work, plus food groups and healthy habits, explained by a doctor in simple words.',
      goals: ['Name the main organs and what they do', 'Choose a balanced meal from the food groups', 'Explain how germs spread and how to stop them'],
      modules: [
        ['Body systems', 'Digestion', 'Breathing', 'The heart and blood'],
        ['Food and health', 'The six food groups', 'A balanced tiffin box', 'Safe drinking water'],
        ['Staying healthy', 'Washing hands properly', 'Sleep and exercise', 'First aid for small injuries'],
      ],
      stats: [12, 35, 12, 18, 10],
    },
  ]),
  ...list('classSix', [
    {
      title: 'Mathematics for Class Six: Integers and Ratios',
      priceCents: 1500,
      teacher: T.mahmudulHasan,
      short: 'Negative numbers, ratio and proportion and the first steps into algebra, taught so that secondary mathematics feels familiar from day one.',
      goals: ['Add, subtract, multiply and divide integers', 'Solve ratio and proportion problems', 'Write and simplify algebraic expressions'],
      modules: [
        ['Integers', 'Numbers below zero', 'Operations with integers', 'Integers on a number line'],
        ['Ratio and proportion', 'Comparing quantities', 'Direct proportion', 'Sharing in a ratio'],
        ['Algebra begins', 'Letters for numbers', 'Like and unlike terms', 'Simple equations'],
      ],
      stats: [20, 58, 26, 30, 10],
    },
    {
      title: 'Basic Science for Class Six',
      priceCents: 1500,
      teacher: T.arifMahmud,
      short: 'Matter, energy, cells and the solar system: every chapter of the class six science book with short demonstrations and revision quizzes.',
      goals: ['Describe the three states of matter', 'Explain forms of energy and how they change', 'Describe cells, the Earth and the solar system'],
      modules: [
        ['Matter and energy', 'Solid, liquid and gas', 'Forms of energy', 'Energy around the home'],
        ['Living world', 'Cells, the building blocks', 'Classifying living things', 'Plants make food'],
        ['Earth and space', 'The solar system', 'Day, night and seasons', 'Weather of Bangladesh'],
      ],
      stats: [18, 50, 20, 26, 10],
    },
    {
      title: 'English Grammar for Class Six',
      priceCents: 1400,
      teacher: T.farhanAhmed,
      short: 'Tenses, articles, prepositions and sentence types, with daily ten-minute drills and the most common mistakes to avoid in exams.',
      goals: ['Use the present, past and future tenses correctly', 'Choose the right article and preposition', 'Change sentences between types'],
      modules: [
        ['Tenses', 'Present simple and continuous', 'Past simple', 'Future forms'],
        ['Small words', 'Articles', 'Prepositions of time and place', 'Conjunctions'],
        ['Sentences', 'Assertive and interrogative', 'Imperative and exclamatory', 'Error correction'],
      ],
      stats: [14, 40, 22, 20, 10],
    },
  ]),
  ...list('classSeven', [
    {
      title: 'Algebra Foundations for Class Seven',
      priceCents: 1600,
      teacher: T.mahmudulHasan,
      short: 'Algebraic formulas, factorisation and linear equations with step-by-step worked examples and weekly practice tests.',
      goals: ['Apply the basic algebraic formulas', 'Factorise simple expressions', 'Solve linear equations in one variable'],
      modules: [
        ['Expressions', 'Terms and coefficients', 'Addition and subtraction', 'Multiplication of expressions'],
        ['Formulas and factors', '(a+b)² and (a−b)²', 'a² − b²', 'Factorising step by step'],
        ['Equations', 'Balancing an equation', 'Word problems to equations', 'Checking solutions'],
      ],
      stats: [20, 56, 24, 30, 10],
    },
    {
      title: 'Science for Class Seven: Light, Heat and Sound',
      priceCents: 1600,
      teacher: T.mehnazKarim,
      short: 'How light travels, how heat moves and how sound is made, with simple experiments using a torch, a mirror, a bottle and a string.',
      goals: ['Explain reflection and shadows', 'Describe conduction, convection and radiation', 'Explain how sound is produced and travels'],
      modules: [
        ['Light', 'Light travels in straight lines', 'Shadows and eclipses', 'Mirrors and reflection'],
        ['Heat', 'Temperature and heat', 'Conduction, convection, radiation', 'Keeping a house cool'],
        ['Sound', 'Vibrations make sound', 'Pitch and loudness', 'Echoes'],
      ],
      stats: [16, 44, 18, 22, 10],
    },
    {
      title: 'Introduction to Coding for Class Seven',
      priceCents: 1700,
      teacher: T.sharminAkter,
      short: 'The ICT chapters on algorithms and flowcharts brought to life with Scratch and simple Python, so students understand how programs think.',
      goals: ['Write an algorithm and draw its flowchart', 'Build a small game in Scratch', 'Write first programs in Python'],
      modules: [
        ['Thinking like a computer', 'What is an algorithm', 'Flowchart symbols', 'Algorithms from daily life'],
        ['Scratch projects', 'Sprites and events', 'Loops and conditions', 'A catch-the-mango game'],
        ['First steps in Python', 'Printing and variables', 'Input and simple maths', 'A multiplication-table program'],
      ],
      stats: [15, 40, 12, 16, 10],
    },
  ]),
  ...list('classEight', [
    {
      title: 'Mathematics for Class Eight: Geometry and Sets',
      priceCents: 1800,
      teacher: T.kamrulHossain,
      short: 'Sets, Venn diagrams, triangles and quadrilaterals, with proofs written the way board examiners expect to see them.',
      goals: ['Use set notation and Venn diagrams', 'Prove basic theorems about triangles', 'Solve construction problems accurately'],
      modules: [
        ['Sets', 'Set notation', 'Union and intersection', 'Venn diagram problems'],
        ['Triangles', 'Angles of a triangle', 'Congruent triangles', 'Writing a proof'],
        ['Quadrilaterals and construction', 'Parallelograms', 'Constructions with compass', 'Model test'],
      ],
      stats: [22, 60, 26, 32, 10],
    },
    {
      title: 'English for Class Eight: Comprehension and Composition',
      priceCents: 1700,
      teacher: T.farhanAhmed,
      short: 'Seen and unseen passages, summaries, emails and paragraphs, practised with real exam-style questions and feedback on every answer.',
      goals: ['Answer comprehension questions precisely', 'Write a summary in your own words', 'Write formal and informal emails'],
      modules: [
        ['Reading', 'Skimming and scanning', 'True or false with reasons', 'Answering in full sentences'],
        ['Summaries and paragraphs', 'Finding main ideas', 'Cutting extra words', 'Paragraph practice'],
        ['Emails and letters', 'Formal email', 'Informal email', 'Common mistakes'],
      ],
      stats: [16, 42, 20, 24, 10],
    },
    {
      title: 'Science for Class Eight: Cells and Chemical Reactions',
      priceCents: 1800,
      teacher: T.jannatulFerdous,
      short: 'Cell structure, acids and bases and everyday chemical reactions, with kitchen experiments and labelled diagrams for exam practice.',
      goals: ['Draw and label plant and animal cells', 'Test acids and bases with home indicators', 'Recognise signs of a chemical reaction'],
      modules: [
        ['Cells', 'Plant and animal cells', 'Cell division in brief', 'Microscope basics'],
        ['Acids and bases', 'Acids in our food', 'Turmeric and red cabbage indicators', 'Neutralisation'],
        ['Chemical reactions', 'Rusting and burning', 'Writing word equations', 'Safety in the lab'],
      ],
      stats: [18, 48, 20, 26, 10],
    },
  ]),
  ...list('classNine', [
    {
      title: 'Physics for Class Nine',
      priceCents: 2200,
      teacher: T.tanvirRahman,
      short: 'Measurement, motion, force, work and energy: the first half of SSC physics explained with worked examples and chapter-end creative questions.',
      goals: ['Use SI units and measure accurately', 'Solve motion and force problems with equations', 'Calculate work, power and energy'],
      modules: [
        ['Physical quantities and motion', 'Units and measurement', 'Speed, velocity and acceleration', 'Equations of motion'],
        ['Force', 'Newton’s laws', 'Friction', 'Momentum'],
        ['Work and energy', 'Work and power', 'Kinetic and potential energy', 'Creative question practice'],
      ],
      stats: [28, 72, 30, 36, 10],
    },
    {
      title: 'Chemistry for Class Nine: Atoms and the Periodic Table',
      priceCents: 2200,
      teacher: T.shirinSultana,
      short: 'Atomic structure, the periodic table and chemical bonding for SSC, with memory tricks for the elements and plenty of solved questions.',
      goals: ['Describe atomic structure and electron configuration', 'Read trends from the periodic table', 'Explain ionic and covalent bonds'],
      modules: [
        ['Atoms', 'Protons, neutrons and electrons', 'Electron configuration', 'Isotopes'],
        ['The periodic table', 'Groups and periods', 'Trends in the table', 'Memory tricks for the first twenty elements'],
        ['Bonding', 'Ionic bonds', 'Covalent bonds', 'Formulas of compounds'],
      ],
      stats: [26, 66, 28, 34, 10],
    },
    {
      title: 'Higher Mathematics for Class Nine',
      priceCents: 2300,
      teacher: T.mahmudulHasan,
      short: 'Sets and functions, algebraic expressions, indices and logarithms for SSC higher mathematics, with every exercise of the textbook solved.',
      goals: ['Work with sets, relations and functions', 'Apply the laws of indices and logarithms', 'Solve SSC higher mathematics creative questions'],
      modules: [
        ['Sets and functions', 'Relations', 'Domain and range', 'Graphs of functions'],
        ['Algebra', 'Polynomials', 'Remainder and factor theorems', 'Partial fractions'],
        ['Indices and logarithms', 'Laws of indices', 'Laws of logarithms', 'Mixed practice'],
      ],
      stats: [30, 78, 32, 38, 10],
    },
  ]),
  ...list('classTen', [
    {
      title: 'Physics for Class Ten: Electricity and Waves',
      priceCents: 2400,
      teacher: T.arifMahmud,
      short: 'Current electricity, magnetism, waves and sound for the SSC exam, with circuit diagrams explained one component at a time.',
      goals: ['Solve Ohm’s law and circuit problems', 'Explain electromagnetic effects', 'Describe wave motion and sound'],
      modules: [
        ['Current electricity', 'Current, voltage and resistance', 'Series and parallel circuits', 'Electric power and bills'],
        ['Magnetism', 'Magnetic fields', 'Electromagnets', 'Motors and generators'],
        ['Waves and sound', 'Types of waves', 'Wave equation', 'Sound and echo problems'],
      ],
      stats: [26, 70, 30, 34, 10],
    },
    {
      title: 'Biology for Class Ten: Heredity and Evolution',
      priceCents: 2300,
      teacher: T.rumanaHaque,
      short: 'Genes, inheritance, human reproduction and evolution for SSC biology, with clear diagrams and the questions that appear most often.',
      goals: ['Explain how traits are inherited', 'Solve simple genetics crosses', 'Describe the evidence for evolution'],
      modules: [
        ['Heredity', 'Chromosomes and genes', 'DNA in simple words', 'Mendel’s experiments'],
        ['Genetics problems', 'Monohybrid crosses', 'Blood groups', 'Genetic disorders'],
        ['Evolution', 'Fossils and evidence', 'Natural selection', 'Revision questions'],
      ],
      stats: [24, 60, 26, 30, 10],
    },
    {
      title: 'SSC Mathematics Revision',
      priceCents: 2500,
      teacher: T.kamrulHossain,
      short: 'A complete revision of SSC general mathematics: algebra, geometry, trigonometry, mensuration and statistics, with four full model tests.',
      goals: ['Revise every chapter of SSC mathematics', 'Manage time in a three-hour paper', 'Avoid the most common mistakes'],
      modules: [
        ['Algebra and equations', 'Formulas you must know', 'Simultaneous equations', 'Sequences and series'],
        ['Geometry and trigonometry', 'Theorems and constructions', 'Trigonometric ratios', 'Heights and distances'],
        ['Mensuration and statistics', 'Areas and volumes', 'Mean, median and mode', 'Four model tests'],
      ],
      stats: [32, 80, 40, 36, 10],
    },
  ]),
  ...list('classEleven', [
    {
      title: 'HSC Physics First Paper',
      priceCents: 2800,
      teacher: T.tanvirRahman,
      short: 'Vectors, Newtonian mechanics, gravitation and the properties of matter for HSC, with calculus-based explanations kept simple.',
      goals: ['Use vectors to solve mechanics problems', 'Apply Newton’s laws and conservation of momentum', 'Solve gravitation and elasticity problems'],
      modules: [
        ['Vectors and motion', 'Vector addition', 'Dot and cross products', 'Projectile motion'],
        ['Newtonian mechanics', 'Laws of motion', 'Circular motion', 'Work-energy theorem'],
        ['Gravitation and matter', 'Kepler’s laws', 'Escape velocity', 'Elasticity and viscosity'],
      ],
      stats: [36, 90, 36, 40, 10],
    },
    {
      title: 'HSC Chemistry: Organic Chemistry',
      priceCents: 2800,
      teacher: T.anisurRahman,
      short: 'Hydrocarbons, functional groups, isomerism and reaction mechanisms, with a named-reaction sheet for last-minute revision.',
      goals: ['Name organic compounds by IUPAC rules', 'Explain common reaction mechanisms', 'Solve conversion problems confidently'],
      modules: [
        ['Basics', 'IUPAC naming', 'Isomerism', 'Functional groups'],
        ['Hydrocarbons', 'Alkanes and alkenes', 'Alkynes and benzene', 'Reaction mechanisms'],
        ['Compounds with oxygen', 'Alcohols and phenols', 'Aldehydes and ketones', 'Carboxylic acids'],
      ],
      stats: [34, 84, 32, 38, 10],
    },
    {
      title: 'HSC Higher Mathematics: Calculus',
      priceCents: 3000,
      teacher: T.mahmudulHasan,
      short: 'Limits, differentiation and integration from first principles to board-exam problems, with graphs drawn live for every idea.',
      goals: ['Evaluate limits and check continuity', 'Differentiate and apply derivatives', 'Integrate and find areas under curves'],
      modules: [
        ['Limits', 'The idea of a limit', 'Standard limits', 'Continuity'],
        ['Differentiation', 'Rules of differentiation', 'Tangents and normals', 'Maxima and minima'],
        ['Integration', 'Standard integrals', 'Substitution and by parts', 'Definite integrals and area'],
      ],
      stats: [40, 96, 36, 42, 10],
    },
  ]),
  ...list('classTwelve', [
    {
      title: 'HSC Biology Second Paper: Zoology',
      priceCents: 2800,
      teacher: T.imranKabir,
      short: 'Animal diversity, human physiology and genetics for HSC zoology, with labelled diagrams and admission-test style MCQs.',
      goals: ['Classify animals and describe key examples', 'Explain human physiology systems', 'Answer zoology MCQs quickly and accurately'],
      modules: [
        ['Animal diversity', 'Classification', 'Hydra and grasshopper', 'Rui fish'],
        ['Human physiology', 'Digestion and absorption', 'Blood and circulation', 'Nervous coordination'],
        ['Genetics and evolution', 'Continuity of life', 'Animal behaviour', 'MCQ practice sets'],
      ],
      stats: [34, 82, 34, 38, 10],
    },
    {
      title: 'HSC English: Grammar and Writing',
      priceCents: 2500,
      teacher: T.rafiqChowdhury,
      short: 'Every grammar item of HSC English second paper plus formal letters, reports and paragraphs, with examiner-style marking of your answers.',
      goals: ['Score full marks on grammar items', 'Write reports, letters and paragraphs well', 'Build a wider academic vocabulary'],
      modules: [
        ['Grammar', 'Right forms of verbs', 'Narration and transformation', 'Tag questions and connectors'],
        ['Writing', 'Formal letters and emails', 'Reports', 'Paragraphs and compositions'],
        ['Exam practice', 'Timing the paper', 'Marked sample answers', 'Final mock test'],
      ],
      stats: [28, 64, 30, 32, 10],
    },
    {
      title: 'Accounting and Finance for HSC Business Studies',
      priceCents: 2600,
      teacher: T.fahmidaYasmin,
      short: 'Journals, ledgers, trial balance and final accounts for HSC accounting, plus the basics of finance and banking in Bangladesh.',
      goals: ['Record transactions in journals and ledgers', 'Prepare a trial balance and final accounts', 'Understand time value of money'],
      modules: [
        ['Recording', 'The accounting equation', 'Journal entries', 'Ledger posting'],
        ['Statements', 'Trial balance', 'Income statement', 'Balance sheet'],
        ['Finance basics', 'Time value of money', 'Banks and interest', 'Practice problems'],
      ],
      stats: [30, 70, 28, 34, 10],
    },
  ]),
  ...list('freeCourse', [
    {
      title: 'Spoken English Starter',
      priceCents: FREE_PRICE_CENTS,
      teacher: T.farhanAhmed,
      short: 'Introduce yourself, ask questions and handle everyday situations in English, with short speaking tasks you record on your phone.',
      goals: ['Introduce yourself clearly and politely', 'Ask and answer everyday questions', 'Speak without stopping to translate'],
      modules: [
        ['First conversations', 'Greetings and introductions', 'Talking about family', 'Numbers and dates'],
        ['Everyday English', 'At the shop', 'On the phone', 'Asking for directions'],
        ['Speaking with confidence', 'Pronunciation of common sounds', 'Fillers and pauses', 'Recording yourself'],
      ],
      stats: [6, 20, 6, 8, 10],
    },
    {
      title: 'Python Basics in Seven Days',
      priceCents: FREE_PRICE_CENTS,
      teacher: T.rakibHasan,
      short: 'Install Python, learn variables, loops and functions, and finish the week with a small quiz game you can share with friends.',
      goals: ['Set up Python and run your first program', 'Use variables, conditions and loops', 'Write and reuse simple functions'],
      modules: [
        ['Days 1–2', 'Installing Python and an editor', 'Printing and variables', 'Numbers and strings'],
        ['Days 3–5', 'If and else', 'For and while loops', 'Lists'],
        ['Days 6–7', 'Functions', 'Reading input', 'Building a quiz game'],
      ],
      stats: [7, 24, 7, 10, 10],
    },
    {
      title: 'Study Skills and Exam Preparation',
      priceCents: FREE_PRICE_CENTS,
      teacher: T.nazmulHuda,
      short: 'Plan your week, take better notes and revise with proven techniques such as spaced repetition and practice testing.',
      goals: ['Make a realistic study timetable', 'Take notes that are easy to revise', 'Use active recall and spaced repetition'],
      modules: [
        ['Planning', 'Setting goals', 'Weekly timetable', 'Beating procrastination'],
        ['Learning', 'Cornell notes', 'Mind maps', 'Active recall'],
        ['Exams', 'Spaced revision', 'Past papers', 'Staying calm on exam day'],
      ],
      stats: [5, 16, 5, 8, 10],
    },
  ]),
  ...list('discountCourse', [
    {
      title: 'Complete Web Development with HTML, CSS and JavaScript',
      priceCents: 1900,
      teacher: T.tasnimAhmed,
      short: 'Build and publish three real websites, from a personal portfolio to an interactive to-do app, while learning modern HTML, CSS and JavaScript.',
      goals: ['Structure pages with semantic HTML', 'Design responsive layouts with CSS', 'Add interactivity with JavaScript'],
      modules: [
        ['HTML', 'Page structure', 'Forms and tables', 'Accessible markup'],
        ['CSS', 'Box model and flexbox', 'Grid layouts', 'Responsive design'],
        ['JavaScript', 'Variables and functions', 'The DOM and events', 'A to-do app project'],
      ],
      stats: [40, 120, 20, 30, 10],
    },
    {
      title: 'IELTS Preparation: Band 7 Strategies',
      priceCents: 2400,
      teacher: T.farhanAhmed,
      short: 'Strategies for all four IELTS modules with timed practice, writing feedback and mock speaking interviews with a trained examiner.',
      goals: ['Understand every IELTS question type', 'Write Task 1 and Task 2 answers at Band 7', 'Speak fluently for Parts 1 to 3'],
      modules: [
        ['Listening and reading', 'Question types', 'Skimming and scanning', 'Timed practice'],
        ['Writing', 'Task 1 graphs and letters', 'Task 2 essays', 'Marked samples'],
        ['Speaking', 'Part 1 and Part 2', 'Part 3 discussions', 'Mock interviews'],
      ],
      stats: [30, 75, 24, 26, 10],
    },
    {
      title: 'Microsoft Excel for Office Work',
      priceCents: 1500,
      teacher: T.sabbirHossain,
      short: 'Formulas, tables, charts and pivot tables for everyday office tasks, practised on salary sheets, sales reports and budgets in taka.',
      goals: ['Use the most common Excel formulas', 'Clean and summarise data with tables and pivots', 'Build clear charts and reports'],
      modules: [
        ['Foundations', 'Cells, ranges and formatting', 'SUM, AVERAGE and IF', 'Absolute references'],
        ['Data', 'Sorting and filtering', 'XLOOKUP and VLOOKUP', 'Pivot tables'],
        ['Reports', 'Charts', 'A monthly sales report', 'A household budget'],
      ],
      stats: [16, 48, 12, 18, 10],
    },
  ]),
  ...list('liveCourse', [
    {
      title: 'Live Mathematics Olympiad Training',
      priceCents: 4500,
      teacher: T.mahmudulHasan,
      short: 'Weekly live sessions on number theory, combinatorics and geometry for students aiming at the divisional and national Math Olympiad.',
      goals: ['Solve olympiad-style problems step by step', 'Write complete, clear solutions', 'Build strategies for unfamiliar problems'],
      modules: [
        ['Number theory', 'Divisibility', 'Modular arithmetic', 'Primes'],
        ['Combinatorics', 'Counting principles', 'Pigeonhole principle', 'Invariants'],
        ['Geometry', 'Angle chasing', 'Similar triangles', 'Past olympiad problems'],
      ],
      stats: [24, 24, 12, 24, 10],
    },
    {
      title: 'Live Python Coding for Teens',
      priceCents: 4900,
      teacher: T.rakibHasan,
      short: 'Small live groups build games and tools in Python with a mentor who reviews every student’s code during the class.',
      goals: ['Write clean Python programs', 'Break a project into small steps', 'Read and fix error messages'],
      modules: [
        ['Core Python', 'Data types', 'Loops and functions', 'Dictionaries'],
        ['Projects', 'Number guessing game', 'Expense tracker', 'Turtle graphics art'],
        ['Next steps', 'Files and modules', 'Intro to classes', 'Showcase day'],
      ],
      stats: [20, 20, 10, 20, 10],
    },
    {
      title: 'Live Spoken English Club',
      priceCents: 3900,
      teacher: T.sadiaRahman,
      short: 'Speak English for an hour three times a week in small live groups, with role plays, debates and personal pronunciation feedback.',
      goals: ['Speak for two minutes on everyday topics', 'Join group discussions confidently', 'Fix your most frequent pronunciation errors'],
      modules: [
        ['Warm-up weeks', 'Ice-breakers', 'Describing people and places', 'Daily routines'],
        ['Role plays', 'Job interview', 'At the doctor', 'Making complaints politely'],
        ['Discussions', 'Debating simple topics', 'Giving opinions', 'Short presentations'],
      ],
      stats: [18, 18, 6, 18, 10],
    },
    {
      title: 'Live Physics Problem Solving for SSC',
      priceCents: 4200,
      teacher: T.mehnazKarim,
      short: 'Bring your toughest SSC physics questions: each live class works through creative questions chapter by chapter, answering students as we go.',
      goals: ['Solve SSC creative questions under time pressure', 'Choose the right formula quickly', 'Explain answers in clear steps'],
      modules: [
        ['Mechanics', 'Motion graphs', 'Force and momentum', 'Work, power and energy'],
        ['Heat, waves and light', 'Heat problems', 'Wave and sound', 'Reflection and refraction'],
        ['Electricity', 'Circuits', 'Electromagnetism', 'Full model test'],
      ],
      stats: [22, 22, 14, 22, 10],
    },
    {
      title: 'Live Chemistry Lab Explained',
      priceCents: 4200,
      teacher: T.jannatulFerdous,
      short: 'Practical chemistry streamed from a real lab: titrations, salt analysis and gas tests, with viva questions asked and answered live.',
      goals: ['Understand each HSC practical step by step', 'Record observations correctly', 'Answer viva questions with confidence'],
      modules: [
        ['Lab basics', 'Safety rules', 'Glassware and measurements', 'Writing a lab report'],
        ['Quantitative work', 'Acid-base titration', 'Redox titration', 'Calculations'],
        ['Qualitative analysis', 'Identifying cations', 'Identifying anions', 'Viva practice'],
      ],
      stats: [16, 16, 8, 16, 10],
    },
    {
      title: 'Live Quran Recitation with Tajweed',
      priceCents: 3500,
      teacher: T.yusufAli,
      short: 'Recite to a qualified teacher in small live circles and get corrected letter by letter, from Noorani Qaida to fluent recitation.',
      goals: ['Pronounce every Arabic letter from its correct point', 'Apply the common tajweed rules', 'Recite short surahs fluently'],
      modules: [
        ['Letters and sounds', 'Makharij of the letters', 'Harakat', 'Tanween and sukoon'],
        ['Tajweed rules', 'Noon sakinah and tanween', 'Meem sakinah', 'Madd'],
        ['Recitation', 'Short surahs of Juz Amma', 'Stopping signs', 'Individual listening sessions'],
      ],
      stats: [24, 24, 8, 12, 10],
    },
    {
      title: 'Live Guitar Lessons for Beginners',
      priceCents: 4000,
      teacher: TUTORS.rafsanChowdhury,
      short: 'Learn chords, strumming and your first songs in live classes where the teacher listens and corrects your playing in real time.',
      goals: ['Play the ten most common open chords', 'Keep steady strumming patterns', 'Play three complete songs'],
      modules: [
        ['Getting started', 'Holding the guitar', 'Tuning by ear and app', 'First chords'],
        ['Rhythm', 'Down and up strums', 'Changing chords smoothly', 'Playing with a metronome'],
        ['Songs', 'A folk song', 'A Bangla band classic', 'Playing for friends'],
      ],
      stats: [18, 18, 6, 12, 10],
    },
    {
      title: 'Live Personal Finance for Young Earners',
      priceCents: 3800,
      teacher: T.sabbirHossain,
      short: 'Budgeting, saving, mobile banking and first investments for students and young professionals, with live Q&A on your own situation.',
      goals: ['Build a monthly budget that works', 'Understand savings schemes and deposits', 'Avoid common money mistakes'],
      modules: [
        ['Budgeting', 'Tracking income and expenses', 'The 50-30-20 idea', 'Emergency funds'],
        ['Saving and banking', 'Bank accounts and mobile wallets', 'Deposit schemes', 'Interest made simple'],
        ['Investing basics', 'Risk and return', 'Savings certificates and shares', 'Your one-year plan'],
      ],
      stats: [12, 12, 6, 12, 10],
    },
  ]),
  ...list('specialCourse', [
    {
      title: 'SSC Crash Course: Mathematics',
      priceCents: 2900,
      teacher: T.kamrulHossain,
      short: 'Six intensive weeks covering every high-scoring SSC mathematics topic, with daily drills and a full model test every weekend.',
      goals: ['Revise the whole syllabus in six weeks', 'Master high-scoring topics first', 'Improve speed with timed drills'],
      modules: [
        ['Weeks 1–2', 'Algebra sprint', 'Equations sprint', 'Model test 1'],
        ['Weeks 3–4', 'Geometry sprint', 'Trigonometry sprint', 'Model test 2'],
        ['Weeks 5–6', 'Mensuration and statistics', 'Mistake clinic', 'Final model test'],
      ],
      stats: [36, 60, 42, 30, 10],
    },
    {
      title: 'HSC Crash Course: Physics Formula Sprint',
      priceCents: 3200,
      teacher: T.tanvirRahman,
      short: 'Every formula of HSC physics first and second paper, where it comes from and when to use it, with fast problem sets for each chapter.',
      goals: ['Recall and derive every key formula', 'Match formulas to problem types', 'Cut calculation errors'],
      modules: [
        ['First paper', 'Mechanics formulas', 'Gravitation and matter', 'Waves and heat'],
        ['Second paper', 'Electricity and magnetism', 'Optics', 'Modern physics'],
        ['Exam craft', 'Unit checks', 'Approximation tricks', 'Timed final test'],
      ],
      stats: [30, 54, 36, 28, 10],
    },
    {
      title: 'University Admission Crash Course: Biology',
      priceCents: 3500,
      teacher: T.rumanaHaque,
      short: 'Fast revision of botany and zoology for medical and university admission tests, with 3,000 practice MCQs and negative-marking strategy.',
      goals: ['Revise high-yield biology topics fast', 'Answer MCQs with speed and accuracy', 'Handle negative marking wisely'],
      modules: [
        ['Botany', 'Cell and cell division', 'Plant physiology', 'Plant tissues'],
        ['Zoology', 'Human physiology', 'Animal diversity', 'Genetics'],
        ['Test strategy', 'Elimination techniques', 'Negative marking', 'Full-length mock tests'],
      ],
      stats: [40, 70, 60, 34, 10],
    },
  ]),
  ...list('islamicCourse', [
    {
      title: 'Learn to Read the Quran: Noorani Qaida',
      priceCents: 1500,
      teacher: T.abdullahAlMamun,
      short: 'Start from the Arabic alphabet and reach fluent reading of the Quran, lesson by lesson, with audio for every page of the Qaida.',
      goals: ['Recognise all Arabic letters and their forms', 'Read words with harakat correctly', 'Read from the Quran independently'],
      modules: [
        ['Alphabet', 'Single letters', 'Joined letters', 'Letters in different positions'],
        ['Vowel signs', 'Fatha, kasra and damma', 'Tanween', 'Sukoon and shaddah'],
        ['Reading', 'Words and short phrases', 'Long vowels', 'First verses'],
      ],
      stats: [20, 60, 15, 20, 10],
    },
    {
      title: 'Tajweed Rules Made Simple',
      priceCents: 1800,
      teacher: T.yusufAli,
      short: 'The essential rules of tajweed explained in Bangla with Arabic examples, practice recitations and feedback on your recordings.',
      goals: ['Know the main tajweed rules by name', 'Apply them while reciting', 'Spot mistakes in your own recitation'],
      modules: [
        ['Foundations', 'Why tajweed matters', 'Makharij', 'Sifaat of letters'],
        ['Rules', 'Ikhfa, idgham, iqlab and izhar', 'Qalqalah', 'Madd types'],
        ['Practice', 'Surah Al-Fatiha', 'Short surahs', 'Recording and feedback'],
      ],
      stats: [16, 44, 12, 16, 10],
    },
    {
      title: 'Stories of the Prophets for Young Learners',
      priceCents: 1200,
      teacher: T.ummeSalma,
      short: 'Illustrated stories of the prophets told for children and families, each with a lesson on character and a short activity.',
      goals: ['Know the stories of the major prophets', 'Take a moral lesson from each story', 'Retell a story in your own words'],
      modules: [
        ['The first prophets', 'Prophet Adam (AS)', 'Prophet Nuh (AS)', 'Prophet Ibrahim (AS)'],
        ['Prophets of patience', 'Prophet Yusuf (AS)', 'Prophet Musa (AS)', 'Prophet Ayub (AS)'],
        ['The final prophet', 'The early life of Prophet Muhammad (PBUH)', 'Kindness and honesty', 'Family activity'],
      ],
      stats: [10, 30, 10, 12, 10],
    },
    {
      title: 'Arabic for Beginners',
      priceCents: 1600,
      teacher: T.abdullahAlMamun,
      short: 'Basic Arabic vocabulary and grammar so learners understand common words of the Quran and daily prayers.',
      goals: ['Learn 300 frequent Quranic words', 'Understand simple Arabic sentence patterns', 'Understand the meaning of daily prayers'],
      modules: [
        ['Words', 'Nouns around us', 'Common verbs', 'Words from the daily prayers'],
        ['Grammar', 'Masculine and feminine', 'Singular, dual and plural', 'Simple sentences'],
        ['Understanding', 'Surah Al-Fatiha word by word', 'Short surahs word by word', 'Revision games'],
      ],
      stats: [18, 48, 14, 18, 10],
    },
  ]),
  ...list('kidsCourse', [
    {
      title: 'Drawing and Colouring for Kids',
      priceCents: 1200,
      teacher: TUTORS.priyankaDas,
      short: 'Children draw animals, people and village scenes starting from circles, lines and triangles, then learn to colour with pencils and crayons.',
      goals: ['Draw with basic shapes', 'Mix and blend colours', 'Finish a complete scene drawing'],
      modules: [
        ['Shapes to pictures', 'Lines and circles', 'Drawing animals', 'Drawing faces'],
        ['Colour', 'Colour wheel', 'Blending crayons', 'Light and shadow'],
        ['Scenes', 'A village with a river', 'A boat on the Padma', 'A festival scene'],
      ],
      stats: [10, 30, 6, 10, 10],
    },
    {
      title: 'Coding Games for Kids with Scratch',
      priceCents: 1400,
      teacher: T.sharminAkter,
      short: 'Kids aged 7 to 12 make animations and games in Scratch by dragging blocks, learning sequencing, loops and logic along the way.',
      goals: ['Make characters move and talk', 'Use loops and conditions', 'Build and share a complete game'],
      modules: [
        ['Getting started', 'Sprites and backdrops', 'Moving and turning', 'Saying and thinking'],
        ['Making it interactive', 'Keyboard control', 'Loops', 'If this, then that'],
        ['Game projects', 'Maze game', 'Catch game', 'Sharing your project'],
      ],
      stats: [12, 32, 8, 10, 10],
    },
    {
      title: 'Fun Mathematics Puzzles for Kids',
      priceCents: 1100,
      teacher: T.ayeshaSiddiqua,
      short: 'Number puzzles, magic squares, tangrams and logic riddles that build mental arithmetic and problem solving while having fun.',
      goals: ['Calculate faster in your head', 'Solve logic puzzles step by step', 'Enjoy mathematics'],
      modules: [
        ['Number fun', 'Magic squares', 'Number chains', 'Mental maths tricks'],
        ['Shapes fun', 'Tangrams', 'Matchstick puzzles', 'Symmetry art'],
        ['Logic fun', 'Riddles', 'Sudoku for beginners', 'Make your own puzzle'],
      ],
      stats: [8, 24, 10, 8, 10],
    },
  ]),
  ...list('entertainCourse', [
    {
      title: 'Guitar for Absolute Beginners',
      priceCents: 1900,
      teacher: TUTORS.rafsanChowdhury,
      short: 'Recorded lessons that take you from holding a guitar for the first time to strumming full songs, at your own pace.',
      goals: ['Play common open chords cleanly', 'Strum in time with a song', 'Read chord charts and simple tabs'],
      modules: [
        ['Week one', 'Parts of the guitar', 'Tuning', 'Your first two chords'],
        ['Chords and rhythm', 'Eight essential chords', 'Strumming patterns', 'Smooth changes'],
        ['Songs', 'Reading tabs', 'Three easy songs', 'Practising well'],
      ],
      stats: [14, 42, 8, 12, 10],
    },
    {
      title: 'Mobile Photography Essentials',
      priceCents: 1600,
      teacher: TUTORS.nafisIqbal,
      short: 'Composition, light and editing on your phone, with weekly photo walks and assignments shot in your own neighbourhood.',
      goals: ['Compose strong photographs', 'Use natural light well', 'Edit photos on your phone'],
      modules: [
        ['Seeing', 'Rule of thirds', 'Leading lines', 'Framing'],
        ['Light', 'Golden hour', 'Shooting indoors', 'Night photography'],
        ['Editing and stories', 'Free editing apps', 'Colour and contrast', 'A photo story of your street'],
      ],
      stats: [9, 28, 6, 10, 10],
    },
    {
      title: 'Home Cooking: Bangladeshi Classics',
      priceCents: 1500,
      teacher: TUTORS.shahanaBegum,
      short: 'Cook bhuna khichuri, beef curry, shorshe ilish, pitha and more with exact measures, shopping lists and time-saving tips.',
      goals: ['Cook ten classic Bangladeshi dishes', 'Balance spices with confidence', 'Plan a family meal'],
      modules: [
        ['Basics', 'Spices and their roles', 'Making bata and paste', 'Perfect plain rice'],
        ['Main dishes', 'Beef curry', 'Shorshe ilish', 'Bhuna khichuri'],
        ['Sweets and snacks', 'Bhapa pitha', 'Payesh', 'Singara'],
      ],
      stats: [12, 36, 4, 14, 10],
    },
    {
      title: 'Creative Writing and Storytelling',
      priceCents: 1400,
      teacher: T.nusratJahan,
      short: 'Write short stories and poems in Bangla or English, learn how to build characters and get kind, practical feedback on your drafts.',
      goals: ['Build believable characters', 'Structure a short story', 'Edit your own writing'],
      modules: [
        ['Ideas', 'Keeping a writer’s notebook', 'Prompts from daily life', 'Point of view'],
        ['Craft', 'Characters', 'Dialogue', 'Setting the scene'],
        ['Finishing', 'Editing a draft', 'Poetry forms', 'Sharing your work'],
      ],
      stats: [10, 26, 5, 12, 10],
    },
  ]),
];
