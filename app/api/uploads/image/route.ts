// POST /api/uploads/image — upload one image (multipart field "image"), signed in; answers { id, url }
import { NextResponse } from 'next/server';
import { IMAGE_UPLOAD_MAX_BYTES } from '@/lib/media';
import { requireUser } from '@/server/accounts/guards';
import { HttpError, route } from '@/server/platform/http';
import { MediaError, storeImage } from '@/server/catalogue/media';
import { BodyTooLargeError, readLimitedBody } from '@/server/platform/read-limited-body';
import { refuseWhenUploadsSpent } from '@/server/platform/upload-quota';

/** Room for the multipart boundaries and part headers around a file at the size limit. */
const MAX_BODY_BYTES = IMAGE_UPLOAD_MAX_BYTES + 64 * 1024;
const TOO_LARGE = 'theImageMustBeAtMost5Mb';

const STATUS_FOR: Record<MediaError['reason'], number> = {
  'too-large': 413,
  'unsupported-type': 415,
  'too-many-pixels': 422,
  'too-slow': 422,
  undecodable: 422,
  busy: 503,
};

async function readImageFile(request: Request): Promise<Buffer> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;/i.test(contentType)) throw new HttpError(415, 'sendTheImageAsMultipartFormData');
  if (Number(request.headers.get('content-length') ?? '0') > MAX_BODY_BYTES) throw new HttpError(413, TOO_LARGE);

  let body: Buffer;
  try {
    body = await readLimitedBody(request.body, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new HttpError(413, TOO_LARGE);
    throw error;
  }
  let form: FormData;
  try {
    // The body is already bounded in memory; the platform's parser does the multipart framing.
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new HttpError(400, 'theUploadCouldNotBeRead');
  }
  const file = form.get('image');
  if (!(file instanceof File) || file.size === 0) throw new HttpError(400, 'chooseAnImageToUpload');
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) throw new HttpError(413, TOO_LARGE);
  return Buffer.from(await file.arrayBuffer());
}

export const POST = route(async (request) => {
  const user = await requireUser();
  // A spent quota is refused before the body is read; storeImage counts the upload itself.
  await refuseWhenUploadsSpent(user.id);

  const bytes = await readImageFile(request);
  try {
    const image = await storeImage(user.id, bytes);
    return NextResponse.json(image, { status: 201, headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (error instanceof MediaError) {
      throw new HttpError(STATUS_FOR[error.reason], error.coded, error.reason === 'busy' ? { 'Retry-After': '2' } : {});
    }
    throw error;
  }
});
