import Link from 'next/link';

// A heading and one link: every real page links somewhere, and next/link brings its client code.
export default function Page() {
  return (
    <main>
      <h1>Bare Next</h1>
      <Link href="/">Home</Link>
    </main>
  );
}
