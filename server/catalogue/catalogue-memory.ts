import 'server-only';
import { catalogueChangeGeneration } from '../platform/public-changes';

// What an instance builds from the catalogue's items and keeps in memory (the search index, the
// ids of every item) is a cache of the database: built on first use and built again on the first
// use after a catalogue change this process learns of (server/platform/public-changes.ts: at once for a
// change made here, within about a second for one made on another instance).

type Kept<T> = { value?: T; builtFor?: number; building?: { generation: number; value: Promise<T> } };

export type KeptUntilCatalogueChange<T> = {
  /** The value as of the last change this process learned of: callers arriving together share one build. */
  get(): Promise<T>;
  /** Builds it from the items as they are now. A build that finishes after a newer one does not replace it; a failed build keeps the last value. */
  rebuild(): Promise<T>;
};

/** `name` keys the value on globalThis: every route bundle of this process (and the proxy) shares it. */
export function keptUntilCatalogueChange<T>(name: string, build: () => Promise<T>): KeptUntilCatalogueChange<T> {
  const registry = ((globalThis as { __kzCatalogueMemory?: Record<string, Kept<unknown>> }).__kzCatalogueMemory ??= {});
  const state = (registry[name] ??= {}) as Kept<T>;

  function rebuild(): Promise<T> {
    const generation = catalogueChangeGeneration();
    const value = build().then((built) => {
      if (state.builtFor === undefined || state.builtFor <= generation) {
        state.value = built;
        state.builtFor = generation;
      }
      return built;
    });
    const building = { generation, value };
    state.building = building;
    void value.catch(() => undefined).finally(() => {
      if (state.building === building) state.building = undefined;
    });
    return value;
  }

  async function get(): Promise<T> {
    const generation = catalogueChangeGeneration();
    if (state.value !== undefined && state.builtFor === generation) return state.value;
    if (state.building?.generation === generation) return state.building.value;
    return rebuild();
  }

  return { get, rebuild };
}
