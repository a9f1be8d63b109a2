export { chromiumPath } from '../../scripts/chromium';

// Without the background-networking flags Chromium keeps dialling hosts this closed network refuses.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
