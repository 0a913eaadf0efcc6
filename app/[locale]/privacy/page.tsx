import type { Metadata } from 'next';
import { Link } from '@/i18n/navigation';
import type { ReactNode } from 'react';
import { CONTACT } from '@/lib/catalogue';

const description =
  'How Knowledge Zone collects, uses and protects your information: what you give us, what is recorded automatically, and the sign-in cookies we use (no tracking).';

export const metadata: Metadata = {
  title: 'Privacy Policy',
  description,
  alternates: { canonical: '/privacy' },
  openGraph: { title: 'Privacy Policy | Knowledge Zone', description, url: '/privacy', type: 'article', siteName: 'Knowledge Zone' },
};

function PolicySection({ id, number, title, children }: { id: string; number: number; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-bold text-brand-900 sm:text-2xl">
        {number}. {title}
      </h2>
      {children}
    </section>
  );
}

export default function PrivacyPage() {
  return (
    <div className="container-page py-10 sm:py-14">
      <article className="mx-auto max-w-3xl space-y-10 rounded-2xl bg-white p-6 leading-relaxed text-slate-800 shadow-sm ring-1 ring-slate-200 sm:p-10">
        <header>
          <h1 className="text-3xl font-extrabold text-brand-900 sm:text-4xl">Privacy Policy</h1>
          <p className="mt-3 text-slate-700">
            This policy explains what information Knowledge Zone handles when you browse, study and buy on our platform,
            why we need it, and the choices you have.
          </p>
        </header>

        <PolicySection id="privacy-overview" number={1} title="Overview">
          <p>
            Knowledge Zone is an online learning platform offering academic courses for classes 1 to 12, skill-development
            courses, books and blogs. We collect only what we need to run your account, deliver what you buy and answer
            your messages. We do not sell your information, we do not show third-party advertising, and we do not use
            tracking or analytics cookies.
          </p>
          <p>
            This policy applies to the Knowledge Zone website and its services. If it changes in a way that matters to you,
            we will say so on this page before the change takes effect.
          </p>
        </PolicySection>

        <PolicySection id="privacy-user-provided" number={2} title="User Provided Information">
          <p>When you use Knowledge Zone you may give us:</p>
          <ul className="list-disc space-y-1 pl-6">
            <li>your name, e-mail address and password when you register (the password is stored only as a one-way hash);</li>
            <li>your education, location, phone number and profile photo, if you choose to complete your profile;</li>
            <li>the courses and books you order, so that you can open what you have paid for in My Collection;</li>
            <li>reviews you write, which are shown publicly with your name, photo and rating;</li>
            <li>messages you send through the contact form, which go to our support team.</li>
          </ul>
          <p>
            Card details are entered directly with our payment provider. Knowledge Zone never receives or stores your full
            card number; we keep only the payment reference needed to confirm your order.
          </p>
        </PolicySection>

        <PolicySection id="privacy-automatic" number={3} title="Automatically Collected Information">
          <p>
            Like any website, our servers receive technical information with every request: your IP address, the page
            requested, the date and time, and your browser&apos;s user-agent string. We use it only to keep the service
            secure and working, for example to limit repeated failed sign-ins or contact-form floods, and to investigate
            errors. These records are kept for a short period and are not used to build a profile of you.
          </p>
          <p>We do not use analytics services, advertising networks, tracking pixels or device fingerprinting.</p>
        </PolicySection>

        <PolicySection id="privacy-how-collected" number={4} title="How Information Is Collected">
          <p>We collect information in three ways only:</p>
          <ul className="list-disc space-y-1 pl-6">
            <li>directly from you, through the forms on our website (registration, profile, orders, reviews and contact);</li>
            <li>
              from the sign-in provider you choose: if you continue with Google, we receive your name, e-mail address and
              profile photo from Google, and nothing else;
            </li>
            <li>from our payment provider, which tells us whether a payment succeeded.</li>
          </ul>
          <p>
            The map and the social-media page on the contact page are not loaded until you ask for them. Only when you press
            the button to load them does your browser contact those services, under their own privacy policies.
          </p>
        </PolicySection>

        <PolicySection id="privacy-cookies" number={5} title="Cookies">
          <p>
            Knowledge Zone uses only cookies that the sign-in system needs, all set by our own website, marked so that
            scripts on the page cannot read them, and never shared with anyone else:
          </p>
          <ul className="list-disc space-y-1 pl-6">
            <li>the session cookie, which keeps you signed in and is removed when you log out;</li>
            <li>
              short-lived security cookies used while you sign in: a token that protects our forms against requests forged
              by other websites, a note of the page to return to afterwards, and, when you continue with Google, temporary
              cookies that match Google&apos;s answer to your request.
            </li>
          </ul>
          <p>
            We do not use advertising, analytics or other tracking cookies, so there is nothing to opt out of. You can
            block or delete cookies in your browser settings; you will then need to sign in again to buy or open your
            collection.
          </p>
        </PolicySection>

        <footer className="border-t border-slate-200 pt-6 text-slate-700">
          <p>
            Questions about this policy or your information? E-mail{' '}
            <a href={`mailto:${CONTACT.email}`} className="font-semibold text-brand-700 underline">{CONTACT.email}</a> or use
            our <Link href="/contact" className="font-semibold text-brand-700 underline">contact form</Link>.
          </p>
        </footer>
      </article>
    </div>
  );
}
