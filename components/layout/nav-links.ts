// The header's links (docs/product.md §2 Header), shared by the desktop bar and the phone menu; `key` names
// the label in the `nav` messages.
export const NAV_LINKS = [
  { href: '/', key: 'home' },
  { href: '/classes', key: 'academic' },
  { href: '/courses', key: 'skill' },
  { href: '/books', key: 'books' },
  { href: '/instructor', key: 'instructor' },
  { href: '/blogs', key: 'blog' },
  { href: '/contact', key: 'contact' },
] as const;

export const USER_MENU = [
  { href: '/myProfile', key: 'myProfile' },
  { href: '/myCollection', key: 'myCollection' },
  { href: '/saved', key: 'saved' },
  { href: '/myOrder', key: 'myOrder' },
  { href: '/addReviwe', key: 'addReview' },
] as const;

export const ADMIN_MENU = [
  { href: '/users', key: 'allUsers' },
  { href: '/addCourse', key: 'addCourse' },
  { href: '/admin/drafts', key: 'drafts' },
  { href: '/addInstructor', key: 'addInstructor' },
  { href: '/addBook', key: 'addBook' },
  { href: '/addBlog', key: 'addBlog' },
  { href: '/admin/sales', key: 'sales' },
  { href: '/admin/promo-codes', key: 'promoCodes' },
  { href: '/admin/refunds', key: 'refunds' },
  { href: '/admin/payments', key: 'payments' },
  { href: '/admin/reviews', key: 'hiddenReviews' },
  { href: '/admin/sms', key: 'smsUsage' },
] as const;
