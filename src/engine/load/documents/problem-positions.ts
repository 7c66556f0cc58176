/**
 * Where a problem is in its file as written: the line and column of the value its JSON pointer names
 * (jsonc-parser reads the file's own text, so the position is the one an editor shows). A pointer to a
 * field that is missing points at the object that lacks it.
 */
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import { lineAndColumn, pathOfPointer, type Problem } from '../../model/problems';

export interface Position {
  line: number;
  column: number;
}

/** The position of `problem` in `text` (its file's content); the start of the file when nothing nearer is known. */
export function positionIn(problem: Problem, text: string): Position {
  if (problem.position) return problem.position;
  const root = parseTree(text);
  if (!root) return { line: 1, column: 1 };
  const path = pathOfPointer(problem.pointer) as (string | number)[];
  let node: Node | undefined;
  // The deepest part of the path that exists: a missing field is reported on the object that should have it.
  for (let length = path.length; length >= 0 && !node; length--) node = findNodeAtLocation(root, path.slice(0, length));
  // A property's value: point at its key, where an editor's eye goes ("value" of "title": ... is on the same line).
  const target = node?.parent?.type === 'property' ? node.parent : node;
  return target ? lineAndColumn(text, target.offset) : { line: 1, column: 1 };
}
