// The shared test PNG (server/test/png.ts), under the name these tests use.
export { makePng } from '../test/png';
