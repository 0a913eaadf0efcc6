// GET /api/openapi.json — the OpenAPI 3.1 document for every route under /api
import { NextResponse } from 'next/server';
import { withCors } from '@/server/platform/cors';
import { env } from '@/server/platform/env';
import { openApiDocument } from '@/server/openapi/document';

export function GET(request: Request) {
  return withCors(request, NextResponse.json(openApiDocument(env().SITE_URL), { headers: { 'Cache-Control': 'public, max-age=300' } }));
}
