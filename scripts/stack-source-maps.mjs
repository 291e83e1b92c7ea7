// Stack traces of the built server name server/*.ts lines: the frames in the bundle's files are
// mapped through the bundle's own source maps. (--enable-source-maps, or
// process.setSourceMapsEnabled, does that for every module, so it reads and parses the megabytes
// of source maps node_modules ship as each package loads: a tenth of a start's CPU, for frames
// that are not ours.)
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Maps stack frames of the JavaScript files under `dir` (each beside its .map) from now on. */
export function mapStackTraces(dir) {
  const prefix = pathToFileURL(dir).href.replace(/\/?$/, '/');
  const maps = new Map();
  const mapOf = (file) => {
    if (!file?.startsWith(prefix)) return null;
    if (!maps.has(file)) {
      let map = null;
      // Read on the first error that passes through the file: no error, no cost.
      try { map = new SourceMap(JSON.parse(fs.readFileSync(`${fileURLToPath(file)}.map`, 'utf8'))); } catch { /* unmapped: the bundle's lines */ }
      maps.set(file, map);
    }
    return maps.get(file);
  };
  const frame = (site) => {
    const text = String(site);
    try {
      const file = site.getFileName();
      const map = mapOf(file);
      const line = site.getLineNumber();
      const column = site.getColumnNumber();
      if (!map || !line || !column) return text;
      const entry = map.findEntry(line - 1, column - 1);
      if (!entry?.originalSource) return text;
      // A map names its sources relative to itself.
      const source = fileURLToPath(new URL(entry.originalSource, file));
      return text.replace(`${file}:${line}:${column}`, `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`);
    } catch {
      return text;
    }
  };
  Error.prepareStackTrace = (error, sites) => {
    let head;
    try { head = isNodeError(error) ? `${error.name} [${error.code}]: ${error.message}` : Error.prototype.toString.call(error); } catch { head = '<error>'; }
    return sites.length === 0 ? head : `${head}\n    at ${sites.map(frame).join('\n    at ')}`;
  };
}

/** Node's own errors (ERR_* codes), whose first line names the code, as Node's own formatting does. */
function isNodeError(error) {
  for (let o = error; o && o !== Error.prototype; o = Object.getPrototypeOf(o)) {
    if (Object.getOwnPropertySymbols(o).some((s) => s.description === 'kIsNodeError')) return true;
  }
  return false;
}
