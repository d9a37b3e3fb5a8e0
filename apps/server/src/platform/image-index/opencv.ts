import { createRequire } from 'node:module';
import type * as OpenCvModule from '@techstark/opencv-js';

export type OpenCv = typeof OpenCvModule;

type EmscriptenModule = OpenCv & { onRuntimeInitialized?: () => void; then?: unknown };

let loading: Promise<OpenCv> | null = null;

/**
 * OpenCV compiled to WebAssembly, loaded on first use (about half a second and 11 MB), so a
 * server that never matches an image never pays for it. Each worker thread loads its own copy.
 */
export function loadOpenCv(): Promise<OpenCv> {
  loading ??= new Promise<OpenCv>((resolve, reject) => {
    // Emscripten installs process-wide handlers that rethrow any uncaught exception and abort
    // on any unhandled rejection, its own or not; a server keeps its own handlers instead.
    const before = new Set<unknown>([
      ...process.listeners('uncaughtException'),
      ...process.listeners('unhandledRejection'),
    ]);
    // The UMD bundle is CommonJS-only; createRequire also keeps bundlers from inlining 11 MB.
    const cv = createRequire(import.meta.url)('@techstark/opencv-js') as EmscriptenModule;
    for (const listener of process.listeners('uncaughtException'))
      if (!before.has(listener)) process.removeListener('uncaughtException', listener);
    for (const listener of process.listeners('unhandledRejection'))
      if (!before.has(listener)) process.removeListener('unhandledRejection', listener);
    const ready = () => {
      // Emscripten gives the module a `then` of its own; a promise resolved with a thenable
      // adopts it instead, and this one never settles. The module is ready, so drop it.
      delete cv.then;
      resolve(cv);
    };
    if (typeof cv.Mat === 'function') ready();
    else {
      const timer = setTimeout(() => reject(new Error('OpenCV did not initialise within 30 s')), 30_000);
      cv.onRuntimeInitialized = () => {
        clearTimeout(timer);
        ready();
      };
    }
  });
  return loading;
}
