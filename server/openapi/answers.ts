import 'server-only';
import { z } from 'zod';

// The refusal every operation may answer (server/platform/http.ts jsonError): the English message
// the API has always given, and its code (a key of the `errors` messages) for clients that show it
// in another language.

const code = z.string().optional().describe('The message as a code: a key of the site’s `errors` messages, with the values of its text after `?` when it has any');

export const message = z.object({ message: z.string(), code });

export const fieldErrors = message.extend({
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  fieldErrorCodes: z.record(z.string(), z.array(z.string())).optional().describe('`fieldErrors` as codes'),
});
