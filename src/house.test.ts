// The house has no cycles (issue 44): no file of src/ reaches itself again through what it imports — static or
// dynamic imports, type-only ones included, tests left out. The rooms and the folders inside them keep their order
// by lint (eslint.config.js); this finds what lint cannot see, a loop between files of one folder.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;

/** Every source file under src/ but the tests and their helpers, by path relative to src/. */
function sources(): string[] {
  return fs
    .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .filter((file) => !file.split(path.sep).includes('test'))
    .map((file) => file.split(path.sep).join('/'));
}

/** The files of src/ each file imports (relative specifiers, `.js` naming the `.ts` or `.tsx` beside it). */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = fs.readFileSync(path.join(SRC, file), 'utf8');
    const { importedFiles } = ts.preProcessFile(source, true, true);
    const targets = importedFiles
      .map((imported) => imported.fileName)
      .filter((name) => name.startsWith('.'))
      .flatMap((name) => {
        const base = path.posix.join(path.posix.dirname(file), name).replace(/\.js$/, '');
        return [`${base}.ts`, `${base}.tsx`].filter((candidate) => known.has(candidate));
      });
    graph.set(file, targets);
  }
  return graph;
}

/** The groups of files that import each other round (Tarjan's strongly connected components of two or more). */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('the house', () => {
  it('has no file that reaches itself again through its imports', () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(300);
    expect(cycles(importGraph(files))).toEqual([]);
  });

  it('finds a cycle where there is one (the check itself)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
