// Prints the JavaScript each route loads (gzip sizes), from the build's Vite manifest, and fails
// when the login page (`/`) needs more than its budget before it can render.
// Usage: node scripts/bundle-report.mjs [dist folder, default: dist]
//
// A route's initial JavaScript is the entry chunk and its static imports, plus the route's own
// module and its static imports when the route is loaded on demand (`lazy` in the route table).
// Its lazy chunks are what it may load later (dialogs, pickers), listed apart.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The budget for `/`, in bytes of gzip: the login page is every visitor's front door. React DOM
 * with React and its scheduler is about 68 KB of it; the entry adds React Router's declarative
 * mode (14 KB) and the login screen, and nothing else: the server-state cache, the form library,
 * zod and every other page load on demand (docs/architecture.md, "Bundles"). About 96 KB today;
 * the budget is the goal, 100 KB, so it cannot grow past it unnoticed.
 */
export const LOGIN_GOAL = 100 * 1024;
export const LOGIN_BUDGET = LOGIN_GOAL;

const ROUTER_SOURCE = 'src/app/router.tsx';

const LAZY_IMPORT = String.raw`lazyPage\(\s*\(\)\s*=>\s*import\('([^']+)'\)`;

/** A module imported as `import('…')` from the router's source, as a source path. */
const fromRouter = (specifier) =>
  path.posix.normalize(path.posix.join(path.posix.dirname(ROUTER_SOURCE), specifier));

/**
 * The route table's paths and, for lazy routes, the module each one imports, read from the
 * router's source: `{ path: '/feed', Component: lazyPage(() => import('../features/feed/…'), …) }`.
 * A route without an import is rendered from the entry chunk. `layouts` are the lazy pages without
 * a path (the layouts the lazy routes sit in, router.tsx): a lazy route loads them with its module.
 */
export function readRoutes(routerSource) {
  const pieces = routerSource.split(/(?=\bpath:\s*')/).slice(1);
  const routes = pieces.map((piece) => {
    const routePath = /^path:\s*'([^']+)'/.exec(piece)[1];
    const lazy = new RegExp(String.raw`^path:\s*'[^']+',\s*Component:\s*` + LAZY_IMPORT).exec(
      piece,
    );
    return { path: routePath, module: lazy ? fromRouter(lazy[1]) : null };
  });
  const routeModules = new Set(routes.map((route) => route.module));
  const layouts = [...routerSource.matchAll(new RegExp(LAZY_IMPORT, 'g'))]
    .map((match) => fromRouter(match[1]))
    .filter((module) => !routeModules.has(module));
  return { routes, layouts };
}

/** The manifest key of a source module imported without its extension. */
function manifestKey(manifest, module) {
  const key = ['.tsx', '.ts', '.jsx', '.js']
    .map((extension) => module + extension)
    .find((candidate) => manifest[candidate]);
  if (!key) throw new Error(`${module} is not a chunk of the build (is the route table current?)`);
  return key;
}

/** A chunk and everything it imports statically: what the browser must load to run it. */
function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/**
 * The chunks `keys` may import on demand that are not already loaded with them. Other pages'
 * modules (`routeModules`) are the router's business, not this page's, and are left out.
 */
function lazyChunks(manifest, keys, routeModules) {
  const lazy = new Set();
  for (const key of keys) {
    for (const imported of manifest[key].dynamicImports ?? []) {
      if (routeModules.has(imported)) continue;
      for (const chunk of staticClosure(manifest, imported)) if (!keys.has(chunk)) lazy.add(chunk);
    }
  }
  return lazy;
}

/** Per route: its initial JavaScript and its lazy chunks, with gzip sizes. */
export function bundleReport(distDir, routerSource) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const sizes = new Map();
  const gzipSize = (key) => {
    if (!sizes.has(key)) {
      sizes.set(key, gzipSync(readFileSync(path.join(distDir, manifest[key].file))).length);
    }
    return sizes.get(key);
  };
  const total = (keys) => [...keys].reduce((sum, key) => sum + gzipSize(key), 0);
  const chunks = (keys) =>
    [...keys]
      .map((key) => ({ file: manifest[key].file, gzip: gzipSize(key) }))
      .sort((a, b) => b.gzip - a.gzip);

  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.length}`);
  const entry = staticClosure(manifest, entries[0]);

  const { routes, layouts } = readRoutes(routerSource);
  const layoutKeys = layouts.map((module) => manifestKey(manifest, module));
  const routeModules = new Set([
    ...routes.filter((route) => route.module).map((route) => manifestKey(manifest, route.module)),
    ...layoutKeys,
  ]);
  return routes.map((route) => {
    const initial = new Set(entry);
    if (route.module) {
      for (const module of [manifestKey(manifest, route.module), ...layoutKeys]) {
        for (const key of staticClosure(manifest, module)) initial.add(key);
      }
    }
    const lazy = lazyChunks(manifest, initial, routeModules);
    return {
      path: route.path,
      initialGzip: total(initial),
      initial: chunks(initial),
      lazyGzip: total(lazy),
      lazy: chunks(lazy),
    };
  });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** A table of the routes, then the chunks behind each route's figures. */
export function formatReport(report) {
  const width = Math.max(...report.map((route) => route.path.length), 'route'.length);
  const lines = [`${'route'.padEnd(width)}  initial JS (gzip)  lazy chunks (gzip)`];
  for (const route of report) {
    const initial = kb(route.initialGzip).padStart(17);
    lines.push(`${route.path.padEnd(width)}  ${initial}  ${kb(route.lazyGzip).padStart(18)}`);
  }
  for (const route of report) {
    lines.push('', `${route.path}:`);
    lines.push(...route.initial.map((chunk) => `  ${kb(chunk.gzip).padStart(8)}  ${chunk.file}`));
    lines.push(
      ...route.lazy.map((chunk) => `  ${kb(chunk.gzip).padStart(8)}  ${chunk.file} (lazy)`),
    );
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const distDir = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
  const report = bundleReport(distDir, readFileSync(path.join(root, ROUTER_SOURCE), 'utf8'));
  process.stdout.write(`${formatReport(report)}\n`);
  const login = report.find((route) => route.path === '/');
  if (!login) throw new Error(`no '/' route in ${ROUTER_SOURCE}`);
  if (login.initialGzip > LOGIN_BUDGET) {
    console.error(
      `initial JavaScript on / is ${kb(login.initialGzip)} gzip, over its ${kb(LOGIN_BUDGET)} budget`,
    );
    process.exit(1);
  }
  process.stdout.write(
    `initial JavaScript on /: ${kb(login.initialGzip)} gzip ` +
      `(budget ${kb(LOGIN_BUDGET)}, goal ${kb(LOGIN_GOAL)})\n`,
  );
}
