import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../client/styles.css';
import './embed.css';
import { startBridge } from './bridge.js';
import { FortuneEmbed } from './FortuneEmbed.js';

// Listen before the first render, so a language or key the page sends at once is not missed.
startBridge();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <FortuneEmbed />
  </StrictMode>,
);
