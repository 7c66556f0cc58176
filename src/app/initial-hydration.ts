/**
 * Whether the browser is still taking over the prerendered page it was served.
 * Static blocks mounted in that phase adopt their server HTML instead of rendering
 * (see KeepServerHtml); the first client-side navigation ends the phase for good.
 */
let initialHydration = false;

export const beginInitialHydration = () => {
  initialHydration = true;
};
export const endInitialHydration = () => {
  initialHydration = false;
};
export const isInitialHydration = () => initialHydration;
