/** Spec: "mobile" is below 768 px, which is Mantine's `sm` breakpoint (48em); CSS modules repeat this value. */
export const MOBILE_MEDIA_QUERY = '(max-width: 47.99em)';
