import { useEffect } from 'react';
import { useLoaderData } from 'react-router-dom';
import type { PageDoc } from '../engine/page-schema';
import { PageBlocks } from './PageBlocks';

/** Keeps the head in step on client-side navigation; the first load's head was prerendered. */
function useDocumentMeta({ title, description }: PageDoc['meta']) {
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}

export function PageView() {
  const page = useLoaderData() as PageDoc;
  useDocumentMeta(page.meta);
  return <PageBlocks blocks={page.blocks} />;
}
