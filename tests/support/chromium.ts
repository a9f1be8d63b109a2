import { sharedPath } from './shared';

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

/**
 * A microphone that is granted without asking and "hears" a real recording (JFK's sentence,
 * 11 s, looped) instead of a device.
 */
export const fakeMicrophoneArgs = (wav = sharedPath('audio', 'jfk.wav')) => [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-audio-capture=${wav}`,
];
