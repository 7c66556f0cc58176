/**
 * The visual editor's browser entry, loaded only by the HTML the dev server serves at /__edit
 * (src/editor/server/editor-plugin.ts). Nothing of the site imports it, so it is never in dist/.
 */
import '@mantine/core/styles.css';
import { createRoot } from 'react-dom/client';
import { App } from './App';

createRoot(document.getElementById('root')!).render(<App />);
