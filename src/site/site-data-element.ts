/** The id of the JSON script that carries the site data on a page in another language than the default. */
export const SITE_DATA_ELEMENT_ID = 'site-data';
