// Where a learner left a saved video on this device, so it resumes there offline. The server's
// position (taken when the lesson was saved) counts until the device has one of its own.

import { parseStored, readStoredText, storeOnDevice } from '@/lib/device-storage';

const positionKey = (owner: string, courseId: string, lessonId: string) => `kz-saved-position:${owner}:${courseId}:${lessonId}`;

export function keepSavedPosition(owner: string, courseId: string, lessonId: string, seconds: number): void {
  storeOnDevice(positionKey(owner, courseId, lessonId), Math.floor(seconds));
}

export function savedPosition(owner: string, courseId: string, lessonId: string, fromServer: number): number {
  const kept = parseStored<unknown>(readStoredText(positionKey(owner, courseId, lessonId)), null);
  return typeof kept === 'number' && Number.isFinite(kept) ? kept : fromServer;
}
