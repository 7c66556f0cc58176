import { defineBlock } from '../define-block';
import { libraryData } from './library-data';

export default defineBlock({
  label: 'Use-case library',
  description:
    'The use-case library (pages-json/_collections/use-cases.json and the use-case pages): cards, with search and filters whose state is in the URL',
  icon: 'filter',
  category: 'libraries',
  hydrate: 'none',
  collections: ['use-cases'],
  data: libraryData,
});
