// GET|POST /api/auth/* — Auth.js endpoints (session, CSRF, OAuth redirects and callbacks)
import { handlers } from '@/server/auth';

export const { GET, POST } = handlers;
