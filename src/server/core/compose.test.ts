// The deployment files name only settings the server reads: a variable misspelt in compose.yaml or the Dockerfile
// would be ignored without a word, and the server would run on its default.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { imageRuns, imageSettings } from '../../../scripts/image-steps.mjs';
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

  it('pin every image they pull to a release, and the Dockerfile its base', () => {
    const RELEASE = /^(?:\d+\.\d+(?:\.\d+)?(?:-[a-z0-9.]+)?|RELEASE\.\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ)$/;
    const pulled = Object.entries(compose.services).filter(([, service]) => service.build === undefined);
    expect(pulled.length).toBe(4);
    for (const [name, service] of pulled) {
      const tag = /:([^:/]+)$/.exec(service.image ?? '')?.[1] ?? '';
      expect(tag, `${name}: ${service.image}`).toMatch(RELEASE);
    }
    const from = [...fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8').matchAll(/^FROM (\S+)/gm)].map(
      ([, image]) => image!,
    );
    expect(from.length).toBe(2);
    for (const image of from) expect(image).toMatch(/^node:\d+\.\d+\.\d+-bookworm-slim$/);
  });

  it("give the image a pg_dump of compose's PostgreSQL major, which it can back up", () => {
    const major = /^postgres:(\d+)\./.exec(compose.services.postgres!.image!)?.[1];
    expect(imageRuns().flatMap((run) => run.packages)).toContain(`postgresql-client-${major}`);
  });

  it('set in the Dockerfile only those too, beside NODE_ENV', () => {
    const { env } = imageSettings();
    for (const variable of Object.keys(env).filter((name) => name !== 'NODE_ENV')) {
      expect(CONFIG_VARIABLES).toContain(variable);
    }
    expect(() => loadConfig(env)).not.toThrow();
  });
});
