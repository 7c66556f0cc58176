import type { RenderContext } from '../../engine/model/render-context';
import { defineBlock } from '../define-block';
import type { JobListingsBlock } from './schema';

export default defineBlock({
  label: 'Job listings',
  description:
    'The open roles (pages-json/_collections/jobs.json), each with its description, responsibilities, requirements and an Apply mail link',
  icon: 'briefcase',
  category: 'libraries',
  hydrate: 'none',
  collections: ['jobs'],
  data: (_: JobListingsBlock, { collections, site }: RenderContext) => ({
    jobs: collections.jobs,
    valueNames: site.config.valueNames ?? {},
  }),
});
