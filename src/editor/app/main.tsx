/**
 * The visual editor's browser entry, loaded only by the HTML the dev server serves at /__edit
 * (src/editor/server/editor-plugin.ts) and the hosted editor's pages (src/editor/host/): the editor, or, where the
 * page says `data-app="hub"`, the hosted editor's own pages (signing in, change sets, review, history). Nothing of the
 * site imports it, so it is never in dist/.
 */
import '@mantine/core/styles.css';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { HubApp } from './hub/HubApp';

createRoot(document.getElementById('root')!).render(document.documentElement.dataset.app === 'hub' ? <HubApp /> : <App />);
