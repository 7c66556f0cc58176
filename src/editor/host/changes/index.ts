/**
 * The change-set library's public face: what the editor's server (src/editor/host/) imports. Everything else in
 * this folder is its inside.
 */
export { ChangeRepository, type CommittedSave } from './change-repository';
export { changeRepositorySettings } from './settings';
export type { ChangeSet } from './change-sets';
export { ChangeSetNotFound, ChangeSetReadOnly } from './change-sets';
export { RecordUnreadable, type ChangeSetRecord } from './change-set-records';
export { crashPoint } from './crash-point';
export { extractContent } from './extract-content';
export {
  resolveJsonDocument,
  type Conflict,
  type FieldChoice,
  type ResolveOptions,
  type Resolution,
  type Side,
  type Versions,
} from './json-resolve';
export type { ResolveJson } from './context';
export type { Clash } from './clashes';
export { PICKED_ONLY_TRAILER } from './update';
export type { MarkPublished, PublishCandidate, Validate } from './publish';
export type { Person } from './git';
export { GitError } from './git';
export { NothingToPublish, PublishedMoved } from './publish';
export { NothingToUndo } from './undo-publish';
export { ChangeSetIdError, RepoPathError } from './layout';
