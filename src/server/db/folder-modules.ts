// The modules of a folder, with no list to keep: the migrations (db/migrate.ts) and the route plugins (app.ts). Here in
// db/, the lowest layer of the server, because db/ may import nothing above it and both users may import db/.
import fs from 'node:fs'

export type ModuleLoader = () => Promise<unknown>

/**
 * The .ts files directly in a folder (not its subfolders), sorted by file name (by code point, the same on every
 * machine), each with a loader of its module. `bundled` calls `import.meta.glob('./folder/*.ts')` in the caller's own
 * file, since Vite reads the pattern there, relative to that file, and lists the folder at build time (a bundled
 * server, vitest). tsx, which runs the server from its sources, has no import.meta.glob: the call throws a TypeError
 * and `folder` (the same folder, `new URL('./folder/', import.meta.url)`) is read instead.
 */
export function folderModules(bundled: () => Record<string, ModuleLoader>, folder: URL): [file: string, load: ModuleLoader][] {
  let loaders: Record<string, ModuleLoader>
  try {
    loaders = bundled()
  } catch (error) {
    if (!(error instanceof TypeError)) throw error
    loaders = Object.fromEntries(
      fs
        .readdirSync(folder, { withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
        .map((entry): [string, ModuleLoader] => [entry.name, () => import(new URL(entry.name, folder).href)]),
    )
  }
  return Object.entries(loaders)
    .map(([file, load]): [string, ModuleLoader] => [file.slice(file.lastIndexOf('/') + 1), load])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}
