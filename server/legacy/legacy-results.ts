import 'server-only';
import type { DeleteResult, InsertOneResult, ObjectId, UpdateResult } from 'mongodb';

// The driver-style answers the legacy API returned (docs/legacy-api.md), built from real results.

export function insertResult(result: InsertOneResult<{ _id: ObjectId }> | { acknowledged: boolean; insertedId: ObjectId }) {
  return { acknowledged: result.acknowledged, insertedId: result.insertedId.toHexString() };
}

export function updateResult(result: UpdateResult) {
  return {
    acknowledged: result.acknowledged,
    matchedCount: result.matchedCount,
    modifiedCount: result.modifiedCount,
    upsertedId: result.upsertedId ? String(result.upsertedId) : null,
    upsertedCount: result.upsertedCount,
  };
}

/** The old delete answer; a bought item is unlisted rather than erased, which old clients also see as deleted. */
export function deleteResult(result: Pick<DeleteResult, 'acknowledged' | 'deletedCount'>) {
  return { acknowledged: result.acknowledged, deletedCount: result.deletedCount };
}

/**
 * The old server marked a notice read with `updateOne({_id}, {$set: {state: "read"}})`; per-user
 * reads answer the same counts: one notice matched, modified only when it was still unread.
 */
export function markReadResult(newlyRead: boolean) {
  return { acknowledged: true, matchedCount: 1, modifiedCount: newlyRead ? 1 : 0, upsertedId: null, upsertedCount: 0 };
}
