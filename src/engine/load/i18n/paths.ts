/** Where the site configuration and the translation files are, inside pages-json/. */
export const SITE_FILE = '_site.json';
export const TRANSLATIONS_DIR = '_translations';
