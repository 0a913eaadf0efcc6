// GET /api/openapi.json — the OpenAPI 3.1 document for every route under /api
import { NextResponse } from 'next/server';
import { env } from '@/server/env';
import { openApiDocument } from '@/server/openapi/document';

export function GET() {
  return NextResponse.json(openApiDocument(env().SITE_URL), { headers: { 'Cache-Control': 'public, max-age=300' } });
}
