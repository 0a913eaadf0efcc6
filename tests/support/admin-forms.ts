// Valid Add Course and Add Book form input (spec §5), shared by the admin and write-limit tests.

export const validCourseForm = {
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
