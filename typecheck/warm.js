// The warm type checker: the project's own TypeScript (its node_modules/typescript), loaded once
// in a long-lived Node process, answering "check now" requests with what `tsc -p . --noEmit
// --pretty false` would print. Started by package typecheck (warm.go) with the project directory
// as its working directory and the TypeScript package's path as its one argument.
//
// Protocol: one JSON object a line. It says {"ready":true,"version":…} once TypeScript is
// loaded; each request {"id":n} gets {"id":n,"out":text} or {"id":n,"error":message}. It exits
// when its stdin ends (its owner is gone).
//
// Why it is fast: a semantic-diagnostics builder program keeps the previous check's program and
// per-file diagnostics, and source files are reused while their stat (mtime, size) is
// unchanged, so a check after no change re-reads the config and stats the files, and a check
// after an edit re-checks only the files the edit can affect (tsc --watch's own machinery,
// without watching: each request reads the disk as it is, so a build never sees a stale file).
'use strict';
const fs = require('fs');
const path = require('path');
const readline = require('readline');

const ts = require(process.argv[process.argv.length - 1]);
const cwd = process.cwd();
const sys = ts.sys;
const canonical = sys.useCaseSensitiveFileNames ? (f) => f : (f) => f.toLowerCase();
const formatHost = { getCanonicalFileName: canonical, getCurrentDirectory: () => cwd, getNewLine: () => '\n' };

// cache: file name → { key, sf }: a parsed source file and the stat it was parsed at.
const cache = new Map();
let builder;

function statKey(fileName, langKey) {
  const st = fs.statSync(fileName, { bigint: true, throwIfNoEntry: false });
  return st ? `${st.mtimeNs}:${st.ctimeNs}:${st.size}:${langKey}` : undefined;
}

function makeHost(options) {
  const host = ts.createCompilerHost(options, true);
  const read = host.getSourceFile;
  host.getSourceFile = (fileName, lang, onError, fresh) => {
    const langKey = typeof lang === 'object' ? `${lang.languageVersion}/${lang.impliedNodeFormat}` : String(lang);
    const key = statKey(fileName, langKey);
    const hit = cache.get(fileName);
    if (!fresh && key !== undefined && hit && hit.key === key) return hit.sf;
    const sf = read.call(host, fileName, lang, onError, fresh);
    if (sf && key !== undefined) {
      sf.version = key; // the builder compares versions to find what changed
      cache.set(fileName, { key, sf });
    }
    return sf;
  };
  return host;
}

function check() {
  const unrecoverable = [];
  const configHost = Object.assign({}, sys, { onUnRecoverableConfigFileDiagnostic: (d) => unrecoverable.push(d) });
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(cwd, 'tsconfig.json'), { noEmit: true }, configHost);
  if (!parsed) {
    builder = undefined;
    return ts.formatDiagnostics(unrecoverable, formatHost);
  }
  builder = ts.createSemanticDiagnosticsBuilderProgram(parsed.fileNames, parsed.options, makeHost(parsed.options),
    builder, ts.getConfigFileParsingDiagnostics(parsed), parsed.projectReferences);
  // The order and the short cuts of tsc's own report (emitFilesAndReportErrors): syntax errors
  // hide the rest, global and option errors hide the semantic ones.
  const all = builder.getConfigFileParsingDiagnostics().slice();
  const base = all.length;
  all.push(...builder.getSyntacticDiagnostics());
  if (all.length === base) {
    all.push(...builder.getOptionsDiagnostics());
    all.push(...builder.getGlobalDiagnostics());
    if (all.length === base) all.push(...builder.getSemanticDiagnostics());
  }
  // Keep only the files the program still has (a deleted file's tree is dropped).
  const live = new Set(builder.getProgram().getSourceFiles().map((sf) => sf.fileName));
  for (const name of cache.keys()) if (!live.has(name)) cache.delete(name);
  return ts.formatDiagnostics(ts.sortAndDeduplicateDiagnostics(all), formatHost);
}

function reply(obj) { process.stdout.write(JSON.stringify(obj) + '\n'); }

reply({ ready: true, version: ts.version });
const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  let id = 0;
  try {
    id = JSON.parse(line).id;
    reply({ id, out: check() });
  } catch (err) {
    builder = undefined;
    reply({ id, error: String(err && err.stack || err).slice(0, 2000) });
  }
});
lines.on('close', () => process.exit(0));
