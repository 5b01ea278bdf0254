import { TextDecoder, TextEncoder } from 'node:util';

// react-router 7 reaches for these; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });
