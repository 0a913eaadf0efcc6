import type { MetadataRoute } from 'next';
import { absoluteUrl } from './_catalogue/seo';

// The catalogue, search included, is for crawlers (docs/architecture.md: the catalogue is public); accounts, checkout, admin screens
// and the API are not.
const PRIVATE_PATHS = [
  '/api/',
  '/login',
  '/register',
  '/reset-password',
  '/verify-email',
  '/myOrder',
  '/myCollection',
  '/myProfile',
  '/addReviwe',
  '/addReview',
  '/notifications',
  '/payment/',
  '/users',
  '/addCourse',
  '/addBook',
  '/addBlog',
  '/addInstructor',
  '/updateBook/',
  '/updateBlog/',
  '/admin',
];

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: PRIVATE_PATHS }],
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}
