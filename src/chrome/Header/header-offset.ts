/** The header element's id, shared by the server render and the offset island that moves it. */
export const HEADER_ID = 'site-header';
