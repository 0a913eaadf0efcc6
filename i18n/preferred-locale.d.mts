export function homeRedirectLocale(cookieHeader: string | null | undefined, acceptLanguage: string | null | undefined): 'bn' | null;
