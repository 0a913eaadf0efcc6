export function homeRedirectLocale(path: string, cookieHeader: string | null | undefined, acceptLanguage: string | null | undefined): 'bn' | null;
export const HOME_REDIRECT_REQUEST_HEADERS: readonly ['Cookie', 'Accept-Language'];
export function homeMayRedirect(path: string): boolean;
