package jsrt

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/dop251/goja"
	"github.com/dop251/goja/parser"
)

// Script is JavaScript compiled once for goja and run in any number of fresh runtimes.
type Script struct {
	// Name is the file name goja reports in stack frames for positions no source map covers.
	Name    string
	Program *goja.Program

	sources map[string][]string // source-map sources → lines, for code frames
}

// CompileScript compiles js under name. When sourceMap (a v3 JSON source map, e.g. esbuild's)
// is given, goja maps every stack-frame position through it, so errors from author code name
// TypeScript files and lines; the map is handed over in memory and never read from disk.
func CompileScript(name string, js []byte, sourceMap []byte) (*Script, error) {
	src := string(js)
	opts := []parser.Option{parser.WithDisableSourceMaps}
	if len(sourceMap) > 0 {
		mapName := name + ".map"
		// goja reads a map only from a trailing sourceMappingURL comment; the comment is added to
		// the in-memory copy only, so the bundle on disk never mentions a map.
		src = strings.TrimRight(src, "\n") + "\n//# sourceMappingURL=" + mapName + "\n"
		forGoja := gojaMap(sourceMap)
		opts = []parser.Option{parser.WithSourceMapLoader(func(string) ([]byte, error) { return forGoja, nil })}
	}
	ast, err := goja.Parse(name, src, opts...)
	if err != nil {
		return nil, &SyntaxError{Name: name, Err: err}
	}
	// Strict, as ES modules are: every script the toolchain runs is an ES module bundled into a
	// script (the SDK, a project's bundle, a test file) or strict already (the shims, lockdown).
	// Strictness is what turns an assignment to a frozen built-in into a TypeError at the
	// author's line instead of a silent no-op. The compiler flag keeps every position unchanged,
	// where a "use strict" line prepended would move them.
	prog, err := goja.CompileAST(ast, true)
	if err != nil {
		return nil, &SyntaxError{Name: name, Err: err}
	}
	s := &Script{Name: name, Program: prog}
	if len(sourceMap) > 0 {
		s.sources = sourceLines(sourceMap)
	}
	return s, nil
}

// LineText returns line (1-based) of a source-mapped file, or "" when unknown.
func (s *Script) LineText(file string, line int) string {
	if s == nil || s.sources == nil {
		return ""
	}
	lines := s.sources[file]
	if line < 1 || line > len(lines) {
		return ""
	}
	// A file saved with CRLF line ends (Windows editors, git's autocrlf) keeps its '\r' in the
	// map's sourcesContent; the line's text is the same without it, and a '\r' in a code frame
	// sends the terminal's cursor back to the start of the line.
	return strings.TrimSuffix(lines[line-1], "\r")
}

// Source returns the whole text of a source-mapped file, or "" when unknown.
func (s *Script) Source(file string) string {
	if s == nil || s.sources == nil {
		return ""
	}
	return strings.Join(s.sources[file], "\n")
}

func sourceLines(sourceMap []byte) map[string][]string {
	var m struct {
		Sources        []string  `json:"sources"`
		SourcesContent []*string `json:"sourcesContent"`
	}
	if json.Unmarshal(sourceMap, &m) != nil {
		return nil
	}
	out := make(map[string][]string, len(m.Sources))
	for i, name := range m.Sources {
		if i < len(m.SourcesContent) && m.SourcesContent[i] != nil {
			out[name] = strings.Split(*m.SourcesContent[i], "\n")
		}
	}
	return out
}

// SyntaxError is JavaScript goja cannot parse.
type SyntaxError struct {
	Name string
	Err  error
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("%s: %v", e.Name, e.Err) }
func (e *SyntaxError) Unwrap() error { return e.Err }

// scriptCache keeps compiled bundles by content hash, once per distinct build (the dev loop
// revalidates an unchanged bundle for free). The SDK has its own cache (sdkScript).
type scriptCache struct {
	mu      sync.Mutex
	scripts map[string]*Script
	order   []string
}

const maxCachedScripts = 8

var cache = &scriptCache{scripts: map[string]*Script{}}

// CachedScript is CompileScript with a process-wide cache keyed by name, content and map.
func CachedScript(name string, js, sourceMap []byte) (*Script, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%d\x00", name, len(js))
	h.Write(js)
	h.Write(sourceMap)
	key := hex.EncodeToString(h.Sum(nil))
	cache.mu.Lock()
	if s, ok := cache.scripts[key]; ok {
		cache.mu.Unlock()
		return s, nil
	}
	cache.mu.Unlock()
	s, err := CompileScript(name, js, sourceMap)
	if err != nil {
		return nil, err
	}
	cache.mu.Lock()
	defer cache.mu.Unlock()
	if _, ok := cache.scripts[key]; !ok {
		cache.scripts[key] = s
		cache.order = append(cache.order, key)
		if len(cache.order) > maxCachedScripts {
			delete(cache.scripts, cache.order[0])
			cache.order = cache.order[1:]
		}
	}
	return s, nil
}
