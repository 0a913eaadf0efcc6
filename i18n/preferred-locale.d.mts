export function homeRedirectLocale(path: string, cookieHeader: string | null | undefined, acceptLanguage: string | null | undefined): 'bn' | null;
