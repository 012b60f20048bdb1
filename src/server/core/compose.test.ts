// The deployment files name only settings the server reads: a variable misspelt in compose.yaml or the Dockerfile
// would be ignored without a word, and the server would run on its default.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { imageSettings } from '../../../scripts/image-steps.mjs';
import { CONFIG_VARIABLES, loadConfig } from './config.js';

const root = path.resolve(import.meta.dirname, '../../..');

interface Service {
  build?: unknown;
  image?: string;
  environment?: Record<string, string>;
}

describe('the deployment files', () => {
  const compose = parse(fs.readFileSync(path.join(root, 'compose.yaml'), 'utf8')) as {
    services: Record<string, Service>;
  };
  const ours = Object.entries(compose.services).filter(([, service]) => service.image === 'mygenie');

  it('set in compose.yaml only variables src/server/core/config.ts reads, with values it accepts', () => {
    expect(ours.map(([name]) => name)).toEqual(['mygenie', 'mygenie-scaled']);
    for (const [name, service] of ours) {
      const environment = service.environment ?? {};
      for (const variable of Object.keys(environment)) {
        expect(CONFIG_VARIABLES, `${name}: ${variable}`).toContain(variable);
      }
      // The values as the server reads them: it would refuse to start on any it cannot use.
      expect(() => loadConfig(environment), name).not.toThrow();
    }
  });

  it('set in the Dockerfile only those too, beside NODE_ENV', () => {
    const { env } = imageSettings();
    for (const variable of Object.keys(env).filter((name) => name !== 'NODE_ENV')) {
      expect(CONFIG_VARIABLES).toContain(variable);
    }
    expect(() => loadConfig(env)).not.toThrow();
  });
});
