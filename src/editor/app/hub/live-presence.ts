/** Who else has the change set of the hub's current page open (HubLiveUpdates gives it; ChangeSetView shows it). */
import { createContext } from 'react';
import type { PresentPerson } from '../../live-protocol';

export const LivePresence = createContext<PresentPerson[]>([]);
