/**
 * A document's edits in this session, for undo and redo: every change is a step, except that typing
 * in one field is one step until the marketer pauses (a second) or moves to another field.
 */
export interface History {
  doc: unknown;
  past: unknown[];
  future: unknown[];
  /** The field of the last change and when, so typing in it joins one step. */
  lastField?: string;
  lastAt: number;
}

export type HistoryAction =
  /** `update` makes the next document from the current one (a pure function). */
  | { type: 'change'; update: (doc: unknown) => unknown; field?: string; at: number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; doc: unknown };

const TYPING_PAUSE_MS = 1000;

export const startHistory = (doc: unknown): History => ({ doc, past: [], future: [], lastAt: 0 });

export function historyReducer(state: History, action: HistoryAction): History {
  switch (action.type) {
    case 'change': {
      const doc = action.update(state.doc);
      if (doc === state.doc) return state;
      const typing = action.field !== undefined && action.field === state.lastField && action.at - state.lastAt < TYPING_PAUSE_MS;
      return {
        doc,
        past: typing ? state.past : [...state.past, state.doc],
        future: [],
        lastField: action.field,
        lastAt: action.at,
      };
    }
    case 'undo': {
      if (!state.past.length) return state;
      return { doc: state.past[state.past.length - 1], past: state.past.slice(0, -1), future: [state.doc, ...state.future], lastAt: 0 };
    }
    case 'redo': {
      if (!state.future.length) return state;
      return { doc: state.future[0], past: [...state.past, state.doc], future: state.future.slice(1), lastAt: 0 };
    }
    case 'reset':
      return startHistory(action.doc);
  }
}
