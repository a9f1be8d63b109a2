import { describe, expect, it } from 'vitest';
import { DownloadProgress } from '../../../../src/server/models/transformers';

describe('DownloadProgress', () => {
  it('adds up the files of a model and logs once per tenth', () => {
    const lines: number[] = [];
    const progress = new DownloadProgress('onnx-community/whisper-base', {
      info: (details) => lines.push((details as { percent: number }).percent),
    });
    expect(progress.percent).toBe(0);
    progress.callback({ status: 'initiate', file: 'config.json' });
    progress.callback({ status: 'progress', file: 'encoder.onnx', loaded: 10, total: 100 });
    progress.callback({ status: 'progress', file: 'decoder.onnx', loaded: 0, total: 300 });
    expect(progress.percent).toBe(2);
    progress.callback({ status: 'progress', file: 'encoder.onnx', loaded: 100, total: 100 });
    progress.callback({ status: 'progress', file: 'decoder.onnx', loaded: 1, total: 300 });
    progress.callback({ status: 'progress', file: 'decoder.onnx', loaded: 300, total: 300 });
    expect(progress.percent).toBe(100);
    // A line when a new tenth is reached (10 % while only the first file was known, 25 %, 100 %),
    // not one per event, and none when a newly known file pulls the figure back.
    expect(lines).toEqual([10, 25, 100]);
  });
});
