/**
 * The change-set library's public face: what the editor's server (src/editor/host/) imports. Everything else in
 * this folder is its inside.
 */
export { ChangeRepository } from './change-repository';
export type { ChangeRepositoryOptions } from './open-repository';
export { changeRepositorySettings } from './settings';
export type { ChangeSet } from './change-sets';
export { ChangeSetNotFound } from './change-sets';
export type { CommitResult, Save } from './commit-files';
export type { Person } from './git';
export { GitError } from './git';
export type { ChangedFile, CommitInfo, FileStatus } from './git-log';
export type { HistoryEntry } from './history';
export type { Conflict, FieldConflict, FileConflict, Side } from './json-resolve';
export type { MergeOutcome } from './merge';
export type { MergeOptions, Preparation, PublishCandidate, PublishResult, Validate } from './publish';
export { NothingToPublish, PublishedMoved } from './publish';
export type { PushResult } from './remote';
export { ChangeSetIdError, RepoPathError } from './layout';
export { IdentityError } from './identity';
export { saveMessage, restoreMessage, type FileChange } from './commit-message';
export { changesInWords, defaultBlockLabel, documentName, describeValue, type BlockLabel, type ChangeInWords } from './document-words';
