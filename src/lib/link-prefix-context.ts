/** The URL prefix of the page's language ('' for the default language): given by the site's providers, read by src/ui/SiteLink. */
import { createContext } from 'react';

export const LinkPrefixContext = createContext('');
