import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findProjectRoot } from '../config.js';
import {
  DATABASE_SERVER_NODE_OPTIONS,
  missingServerNodeOptions,
  SERVER_NODE_OPTIONS,
} from './node-options.js';

/**
 * The embedded database's memory budget depends on options only a start command can pass
 * (node-options.ts): the README's start commands pass all of them, before the script's name; the
 * commands that serve a PostgreSQL server (the image, the API package's `start`) pass none of them,
 * since they cost those servers CPU, but a larger young generation (DATABASE_SERVER_NODE_OPTIONS).
 */
const root = findProjectRoot();
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const scripts = (file: string) =>
  (JSON.parse(read(file)) as { scripts: Record<string, string> }).scripts;

/** The options `node` is given before the server's script in a shell command. */
function nodeOptionsOf(command: string): string[] {
  const match = /\bnode((?:\s+-\S+)*)\s+\S*dist\/server\.js\b/.exec(command);
  expect(match, command).not.toBeNull();
  return match![1]!.trim().split(/\s+/).filter(Boolean);
}

describe('the server start commands', () => {
  it.each([
    ['package.json', 'start'],
    ['package.json', 'serve'],
  ])('%s "%s" runs node with the memory options', (file, name) => {
    expect(nodeOptionsOf(scripts(file)[name]!)).toEqual(
      expect.arrayContaining([...SERVER_NODE_OPTIONS]),
    );
  });

  it("the API package's start and the image's CMD (PostgreSQL) run node with the server's options instead", () => {
    expect(nodeOptionsOf(scripts('apps/api/package.json').start!)).toEqual([
      ...DATABASE_SERVER_NODE_OPTIONS,
    ]);
    const cmd = /^CMD\s+(\[.*\])\s*$/m.exec(read('Dockerfile'));
    expect(cmd).not.toBeNull();
    expect(JSON.parse(cmd![1]!)).toEqual([
      'node',
      ...DATABASE_SERVER_NODE_OPTIONS,
      'dist/server.js',
    ]);
  });

  it('sets the young generation and the old generation growth', () => {
    expect(SERVER_NODE_OPTIONS).toContain('--max-semi-space-size=4');
    expect(SERVER_NODE_OPTIONS).toContain('--heap-growing-percent=50');
  });
});

describe('missingServerNodeOptions', () => {
  it('names the options the process was started without', () => {
    expect(missingServerNodeOptions(['--max-semi-space-size=4'], undefined)).toEqual([
      '--heap-growing-percent=50',
    ]);
    expect(missingServerNodeOptions([...SERVER_NODE_OPTIONS], undefined)).toEqual([]);
  });

  it('counts those given in NODE_OPTIONS', () => {
    expect(
      missingServerNodeOptions(['--heap-growing-percent=50'], ' --max-semi-space-size=4 '),
    ).toEqual([]);
  });
});
