import Link from 'next/link';

export default function HomePage() {
  return (
    <section className="bg-gradient-to-br from-brand-900 via-brand-700 to-brand-500 text-white">
      <div className="container-page py-16 sm:py-24">
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-100">Knowledge Zone</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-extrabold leading-tight sm:text-5xl">Welcome To The Future Of Learning</h1>
        <p className="mt-5 max-w-2xl text-lg text-brand-50">
          Adaptive self-learning courses and personalised 1-on-1 classes for ages 4-18+.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link href="/classes" className="btn bg-white text-brand-800 hover:bg-brand-50">Academic Courses</Link>
          <Link href="/courses" className="btn border border-white text-white hover:bg-white/10">Skill Courses</Link>
        </div>
      </div>
    </section>
  );
}
