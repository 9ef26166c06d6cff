import path from 'node:path';

/**
 * The package's root directory. This module sits two levels below it both as source
 * (src/server/) and inside the built server (dist/server/main.js, scripts/build-server.mjs).
 */
export const projectRoot = path.resolve(import.meta.dirname, '../..');
