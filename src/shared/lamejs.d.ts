/**
 * `lamejs` is npm:@breezystack/lamejs (the ES-module build of lamejs; STACK.md). Its own types
 * declare the scoped name only, so the alias the project imports gets its types here.
 */
declare module 'lamejs' {
  export class Mp3Encoder {
    constructor(channels: number, sampleRate: number, kbps: number);
    /** 16-bit samples in, MP3 bytes out. The bytes come as an Int8Array: read them through a view. */
    encodeBuffer(left: Int16Array, right?: Int16Array): Int8Array | Uint8Array;
    flush(): Int8Array | Uint8Array;
  }
}
