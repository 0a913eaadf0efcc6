import type { Subject } from '@/lib/catalogue';
import type { InstructorDocument } from '@/server/platform/documents';
import { demoImage } from './paths';

/** A teacher as courses show them; `about` lives on the course, not on the instructor record. */
export type Teacher = { name: string; img: string; education: string; about: string };

export type SeedInstructor = Omit<InstructorDocument, '_id' | 'createdAt'>;

function teacher(name: string, education: string, about: string): Teacher {
  return { name, img: demoImage('instructors', name), education, about };
}

export const TEACHERS = {
  // Bengali
  nusratJahan: teacher(
    'Nusrat Jahan',
    'MA in Bengali Literature, University of Dhaka',
    'Nusrat has taught Bangla at secondary schools in Dhanmondi for eleven years and writes reading guides for young learners. She believes good handwriting and a love of stories grow together.',
  ),
  shahidulIslam: teacher(
    'Shahidul Islam',
    'MA in Bangla, Jahangirnagar University',
    'Shahidul is a grammar specialist who prepares students for board examinations. His lessons break long rules into short patterns that can be practised in ten minutes a day.',
  ),
  tahminaAkter: teacher(
    'Tahmina Akter',
    'BA (Hons) in Bengali, University of Rajshahi',
    'Tahmina started teaching in her village school in Natore and now teaches the early classes online. Parents know her for patient, playful lessons on letters and rhymes.',
  ),
  // English
  farhanAhmed: teacher(
    'Farhan Ahmed',
    'MA in English, University of Dhaka; CELTA',
    'Farhan has coached more than two thousand learners in spoken English and IELTS. He focuses on confidence first, accuracy second, and lots of real conversation.',
  ),
  sadiaRahman: teacher(
    'Sadia Rahman',
    'MA in Applied Linguistics and ELT, North South University',
    'Sadia designs English lessons for primary and middle school pupils. Her classes mix short readings, phonics games and weekly writing tasks with personal feedback.',
  ),
  rafiqChowdhury: teacher(
    'Rafiq Chowdhury',
    'BA (Hons) in English, University of Chittagong',
    'Rafiq taught English grammar at a Chattogram college for nine years. He is patient with beginners and strict about practice, and his students rarely lose marks on grammar again.',
  ),
  // Mathematics
  mahmudulHasan: teacher(
    'Mahmudul Hasan',
    'MSc in Applied Mathematics, University of Dhaka',
    'Mahmudul trains students for the Bangladesh Mathematical Olympiad and teaches higher mathematics for SSC and HSC. He explains every formula by deriving it on the board first.',
  ),
  ayeshaSiddiqua: teacher(
    'Ayesha Siddiqua',
    'MSc in Mathematics, University of Dhaka',
    'Ayesha teaches mathematics from the primary classes to class eight. She uses drawings, everyday examples and lots of practice sheets so that numbers stop feeling scary.',
  ),
  kamrulHossain: teacher(
    'Kamrul Hossain',
    'BSc in Mathematics, Shahjalal University of Science and Technology',
    'Kamrul runs problem-solving clinics for secondary students in Sylhet. His crash courses are known for short drills and clear exam strategies.',
  ),
  // Chemistry
  shirinSultana: teacher(
    'Shirin Sultana',
    'MSc in Chemistry, University of Dhaka',
    'Shirin has taught chemistry at a leading Dhaka college for twelve years. She connects every reaction to something students have seen in the kitchen or the market.',
  ),
  anisurRahman: teacher(
    'Anisur Rahman',
    'MSc in Applied Chemistry, University of Rajshahi',
    'Anisur worked in a pharmaceutical quality lab before he became a teacher. He brings that lab discipline to organic chemistry and to careful exam answers.',
  ),
  jannatulFerdous: teacher(
    'Jannatul Ferdous',
    'BSc (Hons) in Chemistry, Jahangirnagar University',
    'Jannatul makes chemistry visual with animations and simple home experiments. She mentors students preparing for university admission tests.',
  ),
  // Physics
  tanvirRahman: teacher(
    'Tanvir Rahman',
    'MSc in Physics, University of Dhaka',
    'Tanvir has taught SSC and HSC physics for a decade. He solves every chapter with worked examples and shows students how to check an answer with units.',
  ),
  mehnazKarim: teacher(
    'Mehnaz Karim',
    'MS in Physics, Shahjalal University of Science and Technology',
    'Mehnaz researches renewable energy and teaches physics part time. Her live sessions are built around questions students send in before class.',
  ),
  arifMahmud: teacher(
    'Arif Mahmud',
    'MSc in Physics, University of Chittagong',
    'Arif has written question banks for physics and general science. He is known for short, memorable explanations of light, heat, sound and electricity.',
  ),
  // Biology
  rumanaHaque: teacher(
    'Dr. Rumana Haque',
    'MBBS, Dhaka Medical College',
    'Dr. Rumana is a physician who has taught biology to admission candidates for eight years. She links every chapter of the textbook to how the human body really works.',
  ),
  imranKabir: teacher(
    'Imran Kabir',
    'MSc in Zoology, University of Dhaka',
    'Imran leads field trips to the Sundarbans for school science clubs. In class he turns diagrams into stories that students remember on exam day.',
  ),
  lailaNasrin: teacher(
    'Laila Nasrin',
    'MSc in Botany, University of Rajshahi',
    'Laila teaches biology and general science for classes three to ten. Her lessons begin with a plant, an insect or a question from daily life.',
  ),
  // Finance
  sabbirHossain: teacher(
    'Sabbir Hossain',
    'MBA in Finance, Institute of Business Administration, University of Dhaka',
    'Sabbir is a corporate finance analyst who teaches budgeting and investing for beginners. He keeps every example in taka and grounded in real household decisions.',
  ),
  fahmidaYasmin: teacher(
    'Fahmida Yasmin',
    'BBA in Accounting, North South University',
    'Fahmida teaches accounting and business studies for HSC. She turns ledgers and journals into step-by-step routines that students can repeat without fear.',
  ),
  nazmulHuda: teacher(
    'Nazmul Huda',
    'MSc in Economics, Jahangirnagar University',
    'Nazmul writes about the economy for young readers and teaches personal finance workshops at universities across the country.',
  ),
  // Religion
  abdullahAlMamun: teacher(
    'Maulana Abdullah Al Mamun',
    'Kamil in Hadith, Islamic Arabic University',
    'Maulana Abdullah has taught Quran recitation and Islamic studies for fifteen years. His gentle, step-by-step method suits adult beginners as well as children.',
  ),
  yusufAli: teacher(
    'Hafez Yusuf Ali',
    'Hafiz of the Quran; BA in Islamic Studies, University of Dhaka',
    'Hafez Yusuf leads tajweed circles for learners of all ages. He listens to every student individually and corrects pronunciation letter by letter.',
  ),
  ummeSalma: teacher(
    'Umme Salma',
    'MA in Islamic Studies, Islamic University, Kushtia',
    'Umme Salma teaches Islamic history and the stories of the prophets to children and families, with a focus on good character and daily practice.',
  ),
  // Programming
  rakibHasan: teacher(
    'Rakib Hasan',
    'BSc in Computer Science and Engineering, BUET',
    'Rakib is a backend engineer at a Dhaka software company and a volunteer coach for programming contests. He teaches Python and web development through small projects.',
  ),
  tasnimAhmed: teacher(
    'Tasnim Ahmed',
    'BSc in Computer Science and Engineering, Shahjalal University of Science and Technology',
    'Tasnim builds mobile apps and runs weekend coding clubs for teenagers. Her classes end with something students can show to friends and family.',
  ),
  sharminAkter: teacher(
    'Sharmin Akter',
    'MSc in Computer Science, University of Dhaka',
    'Sharmin introduces children to coding with games, stories and Scratch before moving to text languages. She has trained school teachers in ICT across six districts.',
  ),
} as const satisfies Record<string, Teacher>;

/** Teachers of hobby courses: they appear on courses only, not in the instructor directory. */
export const TUTORS = {
  priyankaDas: teacher(
    'Priyanka Das',
    'BFA, Faculty of Fine Art, University of Dhaka',
    'Priyanka is an illustrator of children’s books. She teaches drawing with simple shapes first, so every child finishes each class with a picture of their own.',
  ),
  rafsanChowdhury: teacher(
    'Rafsan Chowdhury',
    'Diploma in Western Music, Dhaka',
    'Rafsan has played guitar in studio sessions and on stage for fourteen years. He teaches chords, rhythm and songs students already love.',
  ),
  nafisIqbal: teacher(
    'Nafis Iqbal',
    'Diploma in Photography, Pathshala South Asian Media Institute',
    'Nafis is a documentary photographer whose work covers rivers and city life in Bangladesh. He shows how to make strong pictures with the phone already in your pocket.',
  ),
  shahanaBegum: teacher(
    'Shahana Begum',
    'Diploma in Culinary Arts, Dhaka',
    'Shahana has run a home kitchen catering business for twenty years. She teaches family recipes with exact measures and the reasons behind each step.',
  ),
} as const satisfies Record<string, Teacher>;

function instructor(Subject: Subject, person: Teacher, handle: string): SeedInstructor {
  return {
    Subject,
    name: person.name,
    img: person.img,
    education: person.education,
    facebook: `https://www.facebook.com/${handle}`,
    twitter: `https://twitter.com/${handle.replace(/\./g, '_')}`,
    instagram: `https://www.instagram.com/${handle}`,
    linkedin: `https://www.linkedin.com/in/${handle.replace(/\./g, '-')}`,
  };
}

const T = TEACHERS;

/** Oldest first: the seed staggers createdAt in this order. */
export const INSTRUCTORS: SeedInstructor[] = [
  instructor('Bengali', T.nusratJahan, 'nusrat.jahan.bangla'),
  instructor('Bengali', T.shahidulIslam, 'shahidul.islam.teaches'),
  instructor('Bengali', T.tahminaAkter, 'tahmina.akter.edu'),
  instructor('English', T.farhanAhmed, 'farhan.ahmed.english'),
  instructor('English', T.sadiaRahman, 'sadia.rahman.elt'),
  instructor('English', T.rafiqChowdhury, 'rafiq.chowdhury.grammar'),
  instructor('Mathematics', T.mahmudulHasan, 'mahmudul.hasan.math'),
  instructor('Mathematics', T.ayeshaSiddiqua, 'ayesha.siddiqua.math'),
  instructor('Mathematics', T.kamrulHossain, 'kamrul.hossain.sust'),
  instructor('Chemistry', T.shirinSultana, 'shirin.sultana.chem'),
  instructor('Chemistry', T.anisurRahman, 'anisur.rahman.chemistry'),
  instructor('Chemistry', T.jannatulFerdous, 'jannatul.ferdous.chem'),
  instructor('Physics', T.tanvirRahman, 'tanvir.rahman.physics'),
  instructor('Physics', T.mehnazKarim, 'mehnaz.karim.phy'),
  instructor('Physics', T.arifMahmud, 'arif.mahmud.physics'),
  instructor('Biology', T.rumanaHaque, 'dr.rumana.haque'),
  instructor('Biology', T.imranKabir, 'imran.kabir.zoology'),
  instructor('Biology', T.lailaNasrin, 'laila.nasrin.botany'),
  instructor('Finance', T.sabbirHossain, 'sabbir.hossain.finance'),
  instructor('Finance', T.fahmidaYasmin, 'fahmida.yasmin.accounts'),
  instructor('Finance', T.nazmulHuda, 'nazmul.huda.economics'),
  instructor('Religion', T.abdullahAlMamun, 'abdullah.al.mamun.quran'),
  instructor('Religion', T.yusufAli, 'hafez.yusuf.ali'),
  instructor('Religion', T.ummeSalma, 'umme.salma.islamic'),
  instructor('Programming', T.rakibHasan, 'rakib.hasan.dev'),
  instructor('Programming', T.tasnimAhmed, 'tasnim.ahmed.codes'),
  instructor('Programming', T.sharminAkter, 'sharmin.akter.cs'),
];
