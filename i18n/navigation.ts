import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

/** Link, redirect, usePathname and useRouter that keep the visitor's language in every address. */
export const { Link, redirect, usePathname, useRouter, getPathname } = createNavigation(routing);
