import { isImpossibleCatalogueAddress } from './catalogue-addresses';

const id = '0123456789abcdef01234567';

describe('impossible catalogue addresses', () => {
  it.each([
    '/book/x123',
    '/book/zzz.html',
    `/book/${id}x`,
    '/blog/abc',
    `/blog/${id.toUpperCase()}`,
    `/notAList/coursesInfo/${id}`,
    '/classOne/coursesInfo/42',
    '/instructor/nope',
    '/classes/thirteen',
    '/courses/freeCourse',
    '/books/anything',
    '/books/page/0',
    '/books/page/01',
    '/blogs/page/two',
    '/classes/two/page/x',
    '/classes/two/extra',
  ])('%s is answered 404 without rendering', (path) => {
    expect(isImpossibleCatalogueAddress(path)).toBe(true);
  });

  it.each([
    '/',
    '/books',
    '/books/page/2',
    `/book/${id}`,
    `/book/${id}/`,
    `/blog/${id}`,
    `/classOne/coursesInfo/${id}`,
    `/liveCourse/coursesInfo/${id}`,
    '/classes',
    '/classes/one',
    '/classes/two/page/3',
    '/courses/liveCourse',
    '/courses/page/2',
    '/instructor/physics',
    '/instructor/page/2',
    '/login',
    '/classOne/update/x',
    '/searchCourse/anything',
  ])('%s may exist and reaches the page', (path) => {
    expect(isImpossibleCatalogueAddress(path)).toBe(false);
  });
});
