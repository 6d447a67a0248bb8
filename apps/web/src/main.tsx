import '@fontsource/poppins/400.css';
import '@fontsource/poppins/500.css';
import '@fontsource/poppins/600.css';
import '@fontsource/poppins/700.css';
import '@fontsource/noto-sans-kr/400.css';
import '@fontsource/noto-sans-kr/500.css';
import '@fontsource/noto-sans-kr/700.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/theme/readable-components.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { connectApiToApp } from './app/connect-api';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { startSessionLifecycle } from './features/auth/session-lifecycle';
import { prepareLocale } from './lib/i18n';
import { themeMarkerStore } from './lib/session';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const router = createAppRouter();
connectApiToApp({ router, queryClient });
startSessionLifecycle();

// The saved language's texts first (Korean ships with the bundle; English loads on demand), and
// the cached theme of the last workspace (its schema loads on demand), so the first paint is right.
void Promise.all([prepareLocale().catch(() => undefined), themeMarkerStore.reload().catch(() => undefined)])
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    ),
  );
