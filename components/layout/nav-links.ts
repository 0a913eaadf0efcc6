// The header's links (spec §2 Header), shared by the desktop bar and the phone menu.
export const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/classes', label: 'Academic Course' },
  { href: '/courses', label: 'Skill Development Course' },
  { href: '/books', label: 'Books' },
  { href: '/instructor', label: 'Instructor' },
  { href: '/blogs', label: 'Blog' },
  { href: '/contact', label: 'Contact' },
] as const;

export const USER_MENU = [
  { href: '/myProfile', label: 'My Profile' },
  { href: '/myCollection', label: 'My Collection' },
  { href: '/myOrder', label: 'My Order' },
  { href: '/addReviwe', label: 'Add Review' },
] as const;

export const ADMIN_MENU = [
  { href: '/users', label: 'All Users' },
  { href: '/addCourse', label: 'Add Course' },
  { href: '/addInstructor', label: 'Add Instructor' },
  { href: '/addBook', label: 'Add Book' },
  { href: '/addBlog', label: 'Add Blog' },
  { href: '/admin/sales', label: 'Sales' },
  { href: '/admin/promo-codes', label: 'Promo Codes' },
  { href: '/admin/refunds', label: 'Refunds' },
  { href: '/admin/reviews', label: 'Hidden Reviews' },
] as const;
