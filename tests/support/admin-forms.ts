// Valid Add Course and Add Book form input (docs/product.md §5), shared by the admin and write-limit tests.

/** What an old client sends to POST /api/addCourse: the instructor typed, and counts (accepted, ignored). */
export const validLegacyCourse = {
  classCourse: 'liveCourse',
  title: 'Quantum Quirks Live',
  img: '/media/65f0a1b2c3d4e5f6a7b8c9d0',
  price: 12.5,
  priceBdt: 1500,
  ShortDescription: 'Weekly live physics.',
  instructorImg: 'https://images.example.com/t.png',
  instructorName: 'Mahbub Alam',
  education: 'MSc',
  about: 'Teacher.',
  video: 'https://youtu.be/abcdefghijk',
  hours: 3,
  videos: 4,
  quizzes: 5,
  notes: 6,
};

/** An instructor for the forms to pick (insert it, then pass its id to validCourseForm). */
export const validInstructor = {
  Subject: 'Physics',
  name: 'Mahbub Alam',
  img: 'https://images.example.com/t.png',
  education: 'MSc',
  facebook: 'https://facebook.com/mahbub',
  twitter: 'https://twitter.com/mahbub',
  instagram: 'https://instagram.com/mahbub',
  linkedin: 'https://linkedin.com/in/mahbub',
} as const;

/** What the Add Course form sends: the instructor picked by id, no counts. */
export function validCourseForm(instructorId: string) {
  const { instructorImg: _img, instructorName: _name, education: _education, hours: _hours, videos: _videos, quizzes: _quizzes, notes: _notes, ...fields } = validLegacyCourse;
  return { ...fields, instructorId };
}

export const validBookForm = {
  bookName: 'Organic Chemistry in Plain Words',
  img: '/media/65f0a1b2c3d4e5f6a7b8c9d0',
  price: 9.99,
  priceBdt: 1200,
  writerName1: 'Farzana Haque',
  writerImg: 'https://images.example.com/w.png',
  educationWriter1: 'PhD',
  about: 'Notes.',
  page: 300,
  interactive: 'NO',
  formate: 'PDF',
  filesize: '12 MB',
};
