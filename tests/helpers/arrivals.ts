/**
 * What a fake server has received so far, and a way for a test to wait until
 * `count` items have arrived (rejecting after `timeoutMs` with what it got).
 */
export function arrivals<T>(noun: string) {
  const items: T[] = [];
  const waiters = new Set<() => void>();
  return {
    items,
    add(item: T) {
      items.push(item);
      for (const wake of waiters) wake();
    },
    waitFor(count: number, timeoutMs = 10_000): Promise<T[]> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (items.length < count) return;
          cleanup();
          resolve(items);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`expected ${count} ${noun}, got ${items.length}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}
