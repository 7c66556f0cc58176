/**
 * Whether the browser is still taking over the prerendered page it was served.
 * Static blocks mounted in that phase adopt their server HTML instead of rendering
 * (see KeepServerHtml); the first client-side navigation ends the phase for good.
 */
let initialHydration = false;
let endPhase!: () => void;
/** Settles when the phase ends: deferred parts (see deferred-hydration) then load at once. */
export const initialHydrationEnded = new Promise<void>((resolve) => {
  endPhase = resolve;
});

export const beginInitialHydration = () => {
  initialHydration = true;
};
export const endInitialHydration = () => {
  initialHydration = false;
  endPhase();
};
export const isInitialHydration = () => initialHydration;
