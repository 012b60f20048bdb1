import path from 'node:path';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';

export default function setup(): void {
  buildIfStale(path.resolve(import.meta.dirname, '../..'));
}
