// Maps kept in least-recently-used order (a Map iterates in insertion order: its first key is the
// one used longest ago), for the caches that drop their oldest entries when full.
//
// Moving a key to the end is a delete and a set, and V8 leaves a deleted entry in its bucket's chain
// until the table is next rehashed: moving the same hot key on every read makes each read walk a
// chain that grows with the reads, the longer the larger the table (the figures are in the commit
// that added this). So an entry is moved at most once a second; an order right to the second is all
// eviction needs.

/** How often, at most, an entry read again is moved to the most recently used end. */
export const RECENCY_STEP_MS = 1000;

/** Records that `entry`, stored in `map` under `key`, was used at `now` (ms). */
export function markUsed(map, key, entry, now) {
  if (entry.movedAt !== undefined && now - entry.movedAt < RECENCY_STEP_MS) return;
  entry.movedAt = now;
  map.delete(key);
  map.set(key, entry);
}
