/** Calls `run` at once, then at most once per `ms` while calls keep coming, and once more after the last of them. */
export function throttle(run: () => void, ms: number): () => void {
  let waiting = false;
  let again = false;
  const tick = () => {
    if (!again) {
      waiting = false;
      return;
    }
    again = false;
    run();
    window.setTimeout(tick, ms);
  };
  return () => {
    if (waiting) {
      again = true;
      return;
    }
    waiting = true;
    run();
    window.setTimeout(tick, ms);
  };
}
