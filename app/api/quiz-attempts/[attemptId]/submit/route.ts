// POST /api/quiz-attempts/{attemptId}/submit — grade an attempt ({answers, locale?}); answers the score, the right answers and the explanations (signed in, the attempt's learner)
import { NextResponse } from 'next/server';
import { answersByQuestion, attemptIdSchema, submissionSchema } from '@/lib/schemas/quiz';
import { requireUser } from '@/server/accounts/guards';
import { HttpError, readJson, route } from '@/server/platform/http';
import { submitQuizAttempt } from '@/server/learning/quizzes';

type Context = { params: Promise<{ attemptId: string }> };

// Answers to 100 questions of up to 10 options each stay far below this.
const MAX_BODY_BYTES = 64 * 1024;

export const POST = route<Context>(async (request, { params }) => {
  const user = await requireUser();
  // The id's colons may arrive percent-encoded (%3A), depending on the client.
  const parsedId = attemptIdSchema.safeParse((await params).attemptId.replace(/%3a/gi, ':'));
  if (!parsedId.success) throw new HttpError(404, 'attemptNotFound');
  const { answers, locale } = submissionSchema.parse(await readJson(request, MAX_BODY_BYTES));
  return NextResponse.json(await submitQuizAttempt(user, parsedId.data, answersByQuestion(answers), locale), { headers: { 'Cache-Control': 'no-store' } });
});
