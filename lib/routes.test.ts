import { accessFor, loginUrl } from './routes';

describe('accessFor (docs/architecture.md: which pages are public)', () => {
  it.each(['/', '/classes', '/classes/two', '/courses/liveCourse', '/classOne/coursesInfo/abc', '/books', '/book/1', '/blogs', '/blog/1', '/instructor/english', '/searchCourse/physics', '/contact', '/privacy', '/login', '/register'])(
    '%s is public',
    (path) => expect(accessFor(path)).toBe('public'),
  );

  it.each(['/myOrder', '/myCollection', '/myCollection/books/65f0a1b2c3d4e5f6a7b8c9d0', '/myProfile', '/addReviwe', '/addReview', '/payment/65f0a1b2c3d4e5f6a7b8c9d0'])('%s needs sign-in', (path) =>
    expect(accessFor(path)).toBe('signed-in'),
  );

  it.each(['/addCourse', '/addBook', '/addBlog', '/addInstructor', '/updateBook/1', '/updateBlog/1', '/classOne/update/1', '/English/newAdd/1', '/admin/drafts', '/admin/unknown'])(
    '%s needs the permission to manage the catalogue',
    (path) => expect(accessFor(path)).toEqual({ permission: 'manageCatalogue' }),
  );

  it.each([
    ['/users', 'manageUsers'],
    ['/admin/sales', 'viewBusinessRecords'],
    ['/admin/audit', 'viewBusinessRecords'],
    ['/admin/sms', 'viewBusinessRecords'],
    ['/admin/reviews', 'moderateReviews'],
    ['/admin/refunds', 'refundOrders'],
    ['/admin/payments', 'reviewPayments'],
    ['/admin/promo-codes', 'managePromotions'],
  ])('%s needs %s', (path, permission) => expect(accessFor(path)).toEqual({ permission }));
});

describe('loginUrl', () => {
  it('keeps the origin so the user can return', () => {
    expect(loginUrl('/myOrder?tab=1')).toBe('/login?from=%2FmyOrder%3Ftab%3D1');
    expect(loginUrl('/')).toBe('/login');
  });
});
