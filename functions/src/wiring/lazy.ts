/**
 * A port whose adapter module is loaded on first use: `load` runs (dynamic `import()`, a separate
 * chunk of the Lambda bundle) when a method is first called; until then only `known` (the port's
 * synchronous properties, which must not need the adapter) is there. Every other property is an
 * async method of the loaded adapter. So a route that never calls the port never pays for it.
 */
export function lazyPort<T extends object>(load: () => Promise<T>, known: Partial<T> = {}): T {
  let loaded: Promise<T> | undefined;
  const adapter = () => (loaded ??= load());
  return new Proxy(known as T, {
    get(target, property, receiver) {
      if (property in target) return Reflect.get(target, property, receiver);
      // Not a promise: `await port` must not try to call a `then` of the adapter.
      if (property === 'then' || typeof property === 'symbol') return undefined;
      return async (...args: unknown[]) => {
        const real = (await adapter()) as Record<string | symbol, (...a: unknown[]) => unknown>;
        const method = real[property];
        if (typeof method !== 'function') throw new Error(`the adapter has no method ${String(property)}`);
        return method.apply(real, args);
      };
    },
  });
}
