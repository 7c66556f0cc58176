/**
 * How many transactions a SQLite write-ahead log holds: its commit frames (a frame whose header gives the database
 * size after the commit) among the frames of the log's current run (whose salts are the header's; older frames
 * beyond them are left over from before the log last started over). Read from the file, so a test counts what the
 * store really committed, however it did it.
 */
import { readFileSync } from 'node:fs';

const HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;

export function walCommits(walPath: string): number {
  const wal = readFileSync(walPath);
  if (wal.length < HEADER_BYTES) return 0;
  const pageSize = wal.readUInt32BE(8);
  const salts = wal.subarray(16, 24);
  let commits = 0;
  for (let offset = HEADER_BYTES; offset + FRAME_HEADER_BYTES + pageSize <= wal.length; offset += FRAME_HEADER_BYTES + pageSize) {
    if (!wal.subarray(offset + 8, offset + 16).equals(salts)) break;
    if (wal.readUInt32BE(offset + 4) !== 0) commits++;
  }
  return commits;
}
