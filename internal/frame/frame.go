// Package frame is the stream both of the toolchain's process protocols speak: a parent and its
// worker (package isolate, over the worker's stdin and stdout) and a command and its build server
// (package buildserver, over a Unix socket).
package frame

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
)

// A stream is frames in each direction: a 4-byte big-endian length, then that many bytes of
// JSON. Frames are small messages (a bundle of at most 1 MiB is the largest request), so a frame
// over Max is a broken peer, not a big message.
const Max = 64 << 20

// ErrTooLarge is a frame over Max, written or read.
var ErrTooLarge = errors.New("frame over 64 MiB")

// Writer writes whole frames; concurrent writers (a worker's watchdog and its request loop)
// never interleave.
type Writer struct {
	mu sync.Mutex
	w  io.Writer
}

// NewWriter writes frames to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write sends v, JSON, as one frame.
func (fw *Writer) Write(v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if len(body) > Max {
		return ErrTooLarge
	}
	buf := make([]byte, 4+len(body))
	binary.BigEndian.PutUint32(buf, uint32(len(body)))
	copy(buf[4:], body)
	fw.mu.Lock()
	defer fw.mu.Unlock()
	_, err = fw.w.Write(buf)
	return err
}

// Read reads one frame into v. io.EOF means the peer closed the stream between frames.
func Read(r io.Reader, v any) error {
	var head [4]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		return err
	}
	n := binary.BigEndian.Uint32(head[:])
	if n > Max {
		return ErrTooLarge
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(r, body); err != nil {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return err
	}
	if err := json.Unmarshal(body, v); err != nil {
		return fmt.Errorf("bad frame: %w", err)
	}
	return nil
}
