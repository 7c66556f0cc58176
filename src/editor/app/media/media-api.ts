/**
 * The media library's requests (src/editor/editor-endpoints.ts: media, mediaUpload, mediaReplace, mediaDelete,
 * mediaDetails): the
 * library through TanStack Query, and an upload sent as the file's bytes as they are, with the editor's headers.
 */
import { useQuery } from '@tanstack/react-query';
import { urlOf } from '../../endpoint';
import { EDITOR_ENDPOINTS } from '../../editor-endpoints';
import type {
  MediaDeleteAnswer,
  MediaDetailsAnswer,
  MediaDetailsRequest,
  MediaLibraryAnswer,
  MediaUploadAnswer,
} from '../../media-protocol';
import { queryClient } from '../api';
import { workspace } from '../workspace';

const E = EDITOR_ENDPOINTS;

/** A refusal's words, as the server said them. */
class MediaRefusal extends Error {}

async function answerOf<T>(response: Response): Promise<T> {
  const data = (await response.json().catch(() => ({ message: response.statusText }))) as T & { message?: string };
  if (!response.ok) throw new MediaRefusal(data.message ?? String(response.status));
  return data;
}

const MEDIA_KEY = ['media'];

export const useMediaLibrary = () =>
  useQuery({
    queryKey: MEDIA_KEY,
    queryFn: async () => answerOf<MediaLibraryAnswer>(await fetch(`${workspace.api}${urlOf(E.media, {})}`, { headers: workspace.headers })),
  });

const refreshLibrary = () => queryClient.invalidateQueries({ queryKey: MEDIA_KEY });

async function sendFile<T>(path: string, file: Blob): Promise<T> {
  const response = await fetch(`${workspace.api}${path}`, {
    method: 'POST',
    headers: { ...workspace.headers, 'content-type': 'application/octet-stream' },
    body: file,
  });
  const answer = await answerOf<T>(response);
  await refreshLibrary();
  return answer;
}

export const uploadImage = (file: File, words: { alt?: string; decorative?: boolean }) =>
  sendFile<MediaUploadAnswer>(
    urlOf(E.mediaUpload, {}, { name: file.name, alt: words.alt, decorative: words.decorative ? '1' : undefined }),
    file,
  );

export const replaceImage = (id: string, file: File) =>
  sendFile<MediaUploadAnswer>(urlOf(E.mediaReplace, {}, { id, name: file.name }), file);

const postJson = (path: string, body: unknown) =>
  fetch(`${workspace.api}${path}`, {
    method: 'POST',
    headers: { ...workspace.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

export async function deleteImage(id: string): Promise<MediaDeleteAnswer> {
  const answer = await answerOf<MediaDeleteAnswer>(await postJson(urlOf(E.mediaDelete, {}), { id }));
  await refreshLibrary();
  return answer;
}

/**
 * An image's details saved. A refusal with its fields' problems (422) and a conflict with a colleague's save (409) are
 * answered, not thrown: the one is shown on the fields, the other offered as a choice.
 */
export async function saveDetails(request: MediaDetailsRequest): Promise<MediaDetailsAnswer> {
  const response = await postJson(urlOf(E.mediaDetails, {}), request);
  if (response.status === 422 || response.status === 409) {
    const answered = (await response.clone().json()) as MediaDetailsAnswer;
    if (answered.outcome === 'refused' || answered.outcome === 'conflict') return answered;
  }
  const answer = await answerOf<MediaDetailsAnswer>(response);
  await refreshLibrary();
  return answer;
}
