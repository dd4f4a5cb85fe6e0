package isolate

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
)

// The protocol between a parent and its worker is a stream of frames in each direction (the
// worker's stdin and stdout): a 4-byte big-endian length, then that many bytes of JSON. Frames
// are small messages (a bundle of at most 1 MiB is the largest request), so a frame over
// maxFrame is a broken peer, not a big message.
const maxFrame = 64 << 20

var errFrameTooLarge = errors.New("isolate: frame over 64 MiB")

// frameWriter writes whole frames; concurrent writers (the worker's watchdog and its request
// loop) never interleave.
type frameWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (fw *frameWriter) write(v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if len(body) > maxFrame {
		return errFrameTooLarge
	}
	buf := make([]byte, 4+len(body))
	binary.BigEndian.PutUint32(buf, uint32(len(body)))
	copy(buf[4:], body)
	fw.mu.Lock()
	defer fw.mu.Unlock()
	_, err = fw.w.Write(buf)
	return err
}

// readFrame reads one frame into v. io.EOF means the peer closed the stream between frames.
func readFrame(r io.Reader, v any) error {
	var head [4]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		return err
	}
	n := binary.BigEndian.Uint32(head[:])
	if n > maxFrame {
		return errFrameTooLarge
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(r, body); err != nil {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return err
	}
	if err := json.Unmarshal(body, v); err != nil {
		return fmt.Errorf("isolate: bad frame: %w", err)
	}
	return nil
}
