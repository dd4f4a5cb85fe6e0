package kit_test

import (
	"io/fs"
	"testing/fstest"
)

func mapFS(files map[string][]byte) fs.FS {
	m := fstest.MapFS{}
	for p, data := range files {
		m[p] = &fstest.MapFile{Data: data}
	}
	return m
}
