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
