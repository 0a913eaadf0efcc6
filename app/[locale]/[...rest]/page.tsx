import { notFound } from 'next/navigation';

// Any address no page matches: the site's own 404 page, in the address's language.
export default function UnknownPage() {
  notFound();
}
