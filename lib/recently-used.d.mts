// Types for recently-used.mjs (plain JavaScript: the production server's page cache uses it without a compiler).
export declare const RECENCY_STEP_MS: number;
/** Records that `entry`, stored in `map` under `key`, was used at `now` (ms): moves it to the end at most once a second. */
export declare function markUsed<K, E extends { movedAt?: number }>(map: Map<K, E>, key: K, entry: E, now: number): void;
