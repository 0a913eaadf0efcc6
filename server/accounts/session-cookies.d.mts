// Types for session-cookies.mjs (plain JavaScript: the production server runs it without a compiler).
export declare const SESSION_COOKIES: readonly ['__Secure-authjs.session-token', 'authjs.session-token'];
export declare function isSessionCookie(cookieName: string): boolean;
export declare function carriesCredentials(authorization: string | null | undefined, cookieHeader: string | null | undefined): boolean;
