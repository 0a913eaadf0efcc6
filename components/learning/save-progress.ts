// The player's one way to tell the server where the learner is (POST /api/progress). Answers
// whether the server took it; the player keeps going either way (progress is best effort, and the
// next save carries the latest position).

export type ProgressUpdate = { courseId: string; lessonId: string; positionSeconds?: number; completed?: true };

export async function saveProgress(update: ProgressUpdate, { keepalive = false } = {}): Promise<boolean> {
  try {
    const response = await fetch('/api/progress', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(update),
      // keepalive lets the last position leave while the page is closing.
      keepalive,
    });
    return response.ok;
  } catch {
    return false;
  }
}
