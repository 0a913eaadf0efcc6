import { EVERYTHING, cacheTags, tagsOfAddress, touches } from './cache-tags';

// What each public address shows: the page cache, Next's rendered pages and the legacy reads keep
// their entries under these tags, and a change forgets only the entries it touches.

const COURSE = '65f0a1b2c3d4e5f6a7b8c901';
const BOOK = '65f0a1b2c3d4e5f6a7b8c902';
const BLOG = '65f0a1b2c3d4e5f6a7b8c903';

test.each([
  ['/', [cacheTags.home]],
  ['/bn', [cacheTags.home]],
  ['/en', [cacheTags.home]],
  ['/gradeTwelve', [cacheTags.home]],
  ['/classes', [cacheTags.courseLists, 'list:classOne']],
  ['/classes/nine/page/2', [cacheTags.courseLists, 'list:classNine']],
  ['/bn/courses/discountCourse?sort=rating', [cacheTags.courseLists, 'list:discountCourse']],
  ['/en/catalogue-view/classNine/rating_any_any/1', [cacheTags.courseLists, 'list:classNine']],
  ['/en/catalogue-view/books/newest_free_any/2', [cacheTags.books]],
  [`/classNine/coursesInfo/${COURSE}`, [`course:${COURSE}`, cacheTags.itemPages]],
  [`/bn/classNine/coursesInfo/${COURSE}/reviews/page/2`, [`course:${COURSE}`, cacheTags.itemPages]],
  [`/en/book/${BOOK}`, [`book:${BOOK}`, cacheTags.itemPages]],
  ['/books/page/3', [cacheTags.books]],
  [`/blog/${BLOG}`, [`blog:${BLOG}`]],
  ['/blogs', [cacheTags.blogs]],
  ['/instructor/physics', [cacheTags.instructors]],
  ['/searchCourse/physics?sort=newest', [cacheTags.search]],
  [`/api/course/${COURSE}`, [`course:${COURSE}`]],
  [`/api/books/${BOOK}?x=1`, [`book:${BOOK}`]],
  ['/api/courses/classNine', [cacheTags.courseLists, 'list:classNine']],
  ['/api/addreview', [cacheTags.home]],
  ['/api/search/suggestions?q=ph', [cacheTags.search]],
])('%s shows %j', (address, tags) => {
  expect(tagsOfAddress(address)).toEqual(tags);
});

test('an address no row describes is forgotten by any change, so nothing unknown is kept too long', () => {
  expect(tagsOfAddress('/api/ccis')).toEqual([EVERYTHING]);
  expect(tagsOfAddress('/privacy')).toEqual([EVERYTHING]);
  expect(touches([cacheTags.course(COURSE)], tagsOfAddress('/privacy'))).toBe(true);
});

test('a change touches the entries that carry one of its tags, and everything when it says so', () => {
  const review = [cacheTags.course(COURSE), cacheTags.courseList('classNine'), cacheTags.search];
  expect(touches(review, tagsOfAddress(`/classNine/coursesInfo/${COURSE}`))).toBe(true);
  expect(touches(review, tagsOfAddress('/classes/nine'))).toBe(true);
  expect(touches(review, tagsOfAddress('/classes/ten'))).toBe(false);
  expect(touches(review, tagsOfAddress(`/book/${BOOK}`))).toBe(false);
  expect(touches(review, tagsOfAddress('/'))).toBe(false);
  expect(touches([EVERYTHING], tagsOfAddress('/'))).toBe(true);
});
