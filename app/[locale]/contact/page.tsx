import type { Metadata } from 'next';
import { ContactDetails } from '@/components/contact/contact-details';
import { ContactForm } from '@/components/contact/contact-form';
import { ContactIllustration } from '@/components/contact/contact-illustration';
import { LazyEmbed } from '@/components/contact/lazy-embed';
import { ZoomIn } from '@/components/contact/zoom-in';
import { CONTACT } from '@/lib/catalogue';

const description =
  'Contact Knowledge Zone, an EdTech Platform: call, visit our office in Dhaka, Bangladesh, e-mail us or send a message with the form.';

export const metadata: Metadata = {
  title: 'Contact Us',
  description,
  alternates: { canonical: '/contact' },
  openGraph: { title: 'Contact Us | Knowledge Zone', description, url: '/contact', type: 'website', siteName: 'Knowledge Zone' },
};

const office = encodeURIComponent(CONTACT.office);

// The product's page on the social network whose page widget is embedded below.
const SOCIAL_PAGE_URL = 'https://www.facebook.com/knowledgezone';

export default function ContactPage() {
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-700 to-brand-500 text-white">
        <div className="container-page py-14 text-center sm:py-20">
          <h1 className="text-4xl font-extrabold sm:text-5xl">Contact Us</h1>
          <p className="mt-3 text-lg font-medium text-brand-50">an EdTech Platform</p>
        </div>
      </section>

      <div className="container-page space-y-12 py-12">
        <ZoomIn>
          <ContactDetails />
        </ZoomIn>

        <ZoomIn>
          <section aria-labelledby="contact-form-heading" className="grid items-center gap-10 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-8 lg:grid-cols-2">
            <div className="flex justify-center">
              <ContactIllustration />
            </div>
            <div>
              <h2 id="contact-form-heading" className="mb-6 text-2xl font-bold text-brand-900 sm:text-3xl">Send Your Message</h2>
              <ContactForm />
            </div>
          </section>
        </ZoomIn>

        <ZoomIn>
          <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
            <section aria-labelledby="contact-map-heading">
              <h2 id="contact-map-heading" className="mb-4 text-xl font-bold text-brand-900">Find Our Office</h2>
              <LazyEmbed
                title={`Map of ${CONTACT.office}`}
                src={`https://www.google.com/maps?q=${office}&output=embed`}
                href={`https://www.google.com/maps/search/?api=1&query=${office}`}
                linkText="View map"
                loadText="Load map"
                height={360}
                sandbox="allow-scripts allow-same-origin allow-popups"
              />
            </section>
            <section aria-labelledby="contact-social-heading">
              <h2 id="contact-social-heading" className="mb-4 text-xl font-bold text-brand-900">Chat With Us</h2>
              <LazyEmbed
                title="Knowledge Zone page and chat"
                src={`https://www.facebook.com/plugins/page.php?href=${encodeURIComponent(SOCIAL_PAGE_URL)}&tabs=messages&width=340&height=360&small_header=true&hide_cover=false`}
                href={SOCIAL_PAGE_URL}
                linkText="Visit our page"
                loadText="Load page widget"
                height={360}
                sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
              />
            </section>
          </div>
        </ZoomIn>
      </div>
    </>
  );
}
