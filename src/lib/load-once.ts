/**
 * A code-split download fetched at most once: every caller shares the one promise, `loaded()`
 * answers synchronously once it has arrived, and a failed download is forgotten so the next
 * call tries again (a flaky network must not break a part for the rest of the visit).
 */
export function loadOnce<T>(load: () => Promise<T>) {
  let loading: Promise<T> | undefined;
  let value: T | undefined;
  return {
    load: () =>
      (loading ??= load()
        .then((result) => (value = result))
        .catch((error: unknown) => {
          loading = undefined;
          throw error;
        })),
    loaded: () => value,
  };
}
