// Any /api address no route handles: a JSON 404 in the API's error shape, for every method, instead
// of the HTML not-found page (old clients parse every /api answer as JSON). Routes that exist always
// win over this catch-all; it is no operation, so the OpenAPI document leaves it out.
import { HttpError, route } from '@/server/platform/http';

async function notFound(): Promise<Response> {
  throw new HttpError(404, 'notFound');
}

export const GET = route(notFound);
export const POST = route(notFound);
export const PUT = route(notFound);
export const PATCH = route(notFound);
export const DELETE = route(notFound);
