import { Link } from '@/i18n/navigation';

export type SideMenuItem = { href: string; label: string };

/**
 * The list menu beside a catalogue grid (Academic Courses, skill courses, instructor subjects):
 * a column on wide screens, a row that scrolls sideways on phones.
 */
export function SideMenu({ label, items, currentHref }: { label: string; items: SideMenuItem[]; currentHref: string }) {
  return (
    <nav aria-label={label} className="lg:sticky lg:top-20">
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 lg:mx-0 lg:flex-col lg:gap-1 lg:overflow-visible lg:rounded-xl lg:border lg:border-slate-200 lg:bg-white lg:p-2 lg:pb-2">
        {items.map((item) => {
          const current = item.href === currentHref;
          return (
            <li key={item.href} className="shrink-0">
              <Link
                href={item.href}
                aria-current={current ? 'page' : undefined}
                className={`block whitespace-nowrap rounded-md px-4 py-2 text-sm font-semibold ${
                  current ? 'bg-brand-600 text-white' : 'border border-slate-200 bg-white text-slate-800 hover:bg-brand-50 hover:text-brand-700 lg:border-0'
                }`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
