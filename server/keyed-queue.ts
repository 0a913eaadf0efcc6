import 'server-only';

// Runs tasks for the same key one after another within this process. FerretDB does not make a
// conditional update or $inc atomic, so every read-modify-write of a shared document goes through
// one of these queues (the app runs as one process; see DESIGN.md).

type Queues = Map<string, Promise<unknown>>;

// On globalThis so every route bundle of this process shares the same queue for a name.
const registry: Map<string, Queues> = ((globalThis as { __kzKeyedQueues?: Map<string, Queues> }).__kzKeyedQueues ??= new Map());

/** A queue family: `run(key, task)` starts `task` once every earlier task for `key` has settled. */
export function keyedQueue(name: string): <T>(key: string, task: () => Promise<T>) => Promise<T> {
  let queues = registry.get(name);
  if (!queues) registry.set(name, (queues = new Map()));
  const own = queues;
  return function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = own.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const settled = result.catch(() => undefined);
    own.set(key, settled);
    // Forget the key once nothing is waiting behind this task.
    void settled.then(() => {
      if (own.get(key) === settled) own.delete(key);
    });
    return result;
  };
}
