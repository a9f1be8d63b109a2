import { describe, expect, it } from 'vitest';
import { sessionOptionsFor } from '../../../../src/server/voice/whisper-transformers';

describe('sessionOptionsFor', () => {
  const given = { logSeverityLevel: 3 as const, executionProviders: ['cpu'] };

  it("turns the memory arena off for Whisper's encoder, whatever its dtype or folder", () => {
    for (const file of [
      '/models/whisper-base/onnx/encoder_model_quantized.onnx',
      '/data/models/onnx-community/whisper-base/onnx/encoder_model.onnx',
      'C:\\models\\whisper-base\\onnx\\encoder_model_fp16.onnx',
    ])
      expect(sessionOptionsFor(file, given)).toEqual({ ...given, enableCpuMemArena: false });
  });

  it("keeps the decoder's options, and any session given bytes rather than a path, as they are", () => {
    expect(sessionOptionsFor('/models/whisper-base/onnx/decoder_model_merged_quantized.onnx', given)).toBe(
      given,
    );
    expect(sessionOptionsFor('/models/encoder_model/onnx/decoder_model_merged.onnx', given)).toBe(given);
    expect(sessionOptionsFor(new Uint8Array(4), given)).toBe(given);
  });
});
