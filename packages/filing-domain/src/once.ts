/**
 * A function answering what `build` returns, built on the first call and the same value on every
 * later one: schemas that only some tools need are built by the first of them rather than when
 * their module loads (a cold start evaluates the module for any tool).
 */
export function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => {
    built ??= { value: build() };
    return built.value;
  };
}
