import 'server-only';

// The last version of small documents this process read or wrote, so a read-modify-write can
// skip the read. Only for writes that are conditional on what was read (a version or the old
// values): a stale entry (another process, a test, a restore changed the document) makes the
// write match nothing, and the caller then forgets the entry and reads the database again.
// Bounded: the least recently used entries make room past `max`.

export type LastWritten<T> = {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
  forget(key: string): void;
};

// On globalThis so every route bundle of this process shares the same entries for a name.
const stores: Map<string, Map<string, unknown>> = ((globalThis as { __kzLastWritten?: Map<string, Map<string, unknown>> }).__kzLastWritten ??= new Map());

export function lastWritten<T>(name: string, max: number): LastWritten<T> {
  let store = stores.get(name) as Map<string, T> | undefined;
  if (!store) stores.set(name, (store = new Map<string, T>()) as Map<string, unknown>);
  const entries = store;
  return {
    get(key) {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      // Re-inserting moves the key to the newest end of the Map's order.
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > max) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    forget(key) {
      entries.delete(key);
    },
  };
}

/** What `decide` asks for: write `next` and answer `result`, or leave the document and answer `result`. */
export type Decision<T, R> = { write: T; result: R } | { keep: R };

export type RememberedChange<T, R> = {
  /** The document as the database holds it (null: none). */
  read: () => Promise<T | null>;
  decide: (current: T | null) => Decision<T, R>;
  /** Stores `next` in place of `current`; false when the stored document was not `current` (or appeared meanwhile). */
  write: (current: T | null, next: T) => Promise<boolean>;
  /** For the error when other writers keep winning. */
  name: string;
};

const MAX_ATTEMPTS = 5;

/**
 * One read-modify-write, starting from what this process last read or wrote. Run it inside a
 * per-key queue. A "keep" decided from memory is confirmed against the database, a write that lost
 * (or failed: whether it landed is unknown) forgets the entry and starts again from the database.
 */
export async function changeRemembered<T, R>(remembered: LastWritten<T | null>, key: string, change: RememberedChange<T, R>): Promise<R> {
  let current = remembered.get(key);
  let fromDatabase = false;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    if (current === undefined) {
      current = await change.read();
      remembered.set(key, current);
      fromDatabase = true;
    }
    const decision = change.decide(current);
    if ('keep' in decision) {
      if (fromDatabase) return decision.keep;
    } else {
      let written = false;
      try {
        written = await change.write(current, decision.write);
      } finally {
        if (written) remembered.set(key, decision.write);
        else remembered.forget(key);
      }
      if (written) return decision.result;
    }
    current = undefined;
  }
  throw new Error(`${change.name} kept changing; giving up`);
}
