// Global styles first, so component styles (imported by the components) come after them.
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { requestPageDataEarly } from './app/early-requests';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

requestPageDataEarly(window.location);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
