import { useTranslations } from 'next-intl';

/** Drawn inline (no extra request): a support agent at a laptop with a message flying out. */
export function ContactIllustration() {
  const t = useTranslations('contact');
  return (
    <svg viewBox="0 0 480 400" role="img" aria-labelledby="contact-illustration-title" className="h-auto w-full max-w-md">
      <title id="contact-illustration-title">{t('illustration')}</title>
      <circle cx="240" cy="210" r="170" fill="#eef5ff" />
      <circle cx="390" cy="80" r="26" fill="#fde68a" />
      {/* desk */}
      <rect x="60" y="300" width="360" height="14" rx="7" fill="#0f2a66" />
      {/* laptop */}
      <rect x="150" y="180" width="180" height="116" rx="10" fill="#1946ab" />
      <rect x="162" y="192" width="156" height="92" rx="4" fill="#ffffff" />
      <rect x="176" y="206" width="90" height="10" rx="5" fill="#2f6fed" />
      <rect x="176" y="226" width="128" height="8" rx="4" fill="#d9e8ff" />
      <rect x="176" y="242" width="110" height="8" rx="4" fill="#d9e8ff" />
      <rect x="176" y="258" width="70" height="8" rx="4" fill="#d9e8ff" />
      <path d="M130 296h220l-14 8H144z" fill="#0f2a66" />
      {/* agent */}
      <circle cx="92" cy="178" r="26" fill="#f3c9a4" />
      <path d="M66 170c0-22 14-34 28-34s26 10 26 28c-8-10-22-14-30-8-8 6-16 8-24 14z" fill="#1f2937" />
      <path d="M52 300c0-52 16-86 40-86s40 34 40 86z" fill="#f59e0b" />
      <path d="M118 246l34 18" stroke="#f3c9a4" strokeWidth="12" strokeLinecap="round" />
      <path d="M70 172c-6 0-8 12-2 14" stroke="#0f2a66" strokeWidth="4" fill="none" strokeLinecap="round" />
      <path d="M68 186c4 10 14 14 22 12" stroke="#0f2a66" strokeWidth="3" fill="none" strokeLinecap="round" />
      {/* envelope flying out */}
      <g transform="rotate(-12 330 120)">
        <rect x="280" y="90" width="110" height="72" rx="8" fill="#2f6fed" />
        <path d="M284 96l51 38 51-38" stroke="#ffffff" strokeWidth="6" fill="none" strokeLinejoin="round" />
      </g>
      <path d="M250 170c10-30 20-44 34-52" stroke="#2f6fed" strokeWidth="4" strokeDasharray="8 8" fill="none" strokeLinecap="round" />
      {/* chat bubbles */}
      <rect x="360" y="190" width="78" height="44" rx="14" fill="#ffffff" stroke="#d9e8ff" strokeWidth="3" />
      <circle cx="383" cy="212" r="5" fill="#2f6fed" />
      <circle cx="399" cy="212" r="5" fill="#2f6fed" />
      <circle cx="415" cy="212" r="5" fill="#2f6fed" />
      <path d="M372 232l-8 16 20-12z" fill="#ffffff" />
    </svg>
  );
}
