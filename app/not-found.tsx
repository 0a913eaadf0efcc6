import { OptimizedImage } from '@/components/ui/optimized-image';
import Link from 'next/link';

export default function NotFound() {
  return (
    <div className="container-page flex flex-col items-center py-16 text-center">
      <OptimizedImage src="/demo/not-found.webp" alt="Page not found (404)" width={800} height={500} sizes="(min-width: 640px) 576px, 100vw" className="h-auto w-full max-w-xl" />
      <h1 className="mt-6 text-2xl font-bold text-brand-900">Page not found</h1>
      <p className="mt-2 text-slate-700">The page you are looking for does not exist or has moved.</p>
      <Link href="/" className="btn-primary mt-6">Back to Home</Link>
    </div>
  );
}
