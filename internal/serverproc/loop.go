package serverproc

import (
	"context"
	"errors"
	"net"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/scapeworld/scape/internal/filelock"
)

// Loop is what every server does around its own requests: one server a socket (a lock file),
// a socket only this user may open, an end after Idle without a request (and while nothing is
// Busy), and an end once its socket is removed or replaced (clearing the cache ends it). A
// server gives its Handle (and an optional Start) and calls Touch and End as it works.
type Loop struct {
	Idle time.Duration
	// Start, when set, runs once the socket listens (a warm-up), beside the connections.
	Start func(ctx context.Context)
	// Handle answers one connection; Run has checked that its peer is this user.
	Handle func(ctx context.Context, conn *net.UnixConn)

	activity chan struct{}
	busy     atomic.Int32
	end      context.CancelFunc
}

// Touch says the server did something: the idle time starts again.
func (l *Loop) Touch() {
	select {
	case l.activity <- struct{}{}:
	default:
	}
}

// Busy marks work that holds the idle time (a check longer than Idle on a slow machine); call
// the function it returns when the work ends.
func (l *Loop) Busy() (done func()) {
	l.busy.Add(1)
	return func() { l.busy.Add(-1); l.Touch() }
}

// End ends the server (a project no longer trusted, say).
func (l *Loop) End() {
	if l.end != nil {
		l.end()
	}
}

// Run serves sock until ctx ends or the loop ends itself. It returns nil at once when another
// server holds sock's lock file: at most one serves a socket.
func (l *Loop) Run(ctx context.Context, sock string, peer func(*net.UnixConn) bool) error {
	unlock, ok, err := Lock(sock + ".lock")
	if err != nil || !ok {
		return err
	}
	defer unlock()
	os.Remove(sock) // a dead server's socket: the lock says nobody serves it
	ln, err := net.Listen("unix", sock)
	if err != nil {
		return err
	}
	ul := ln.(*net.UnixListener)
	ul.SetUnlinkOnClose(false) // removed below, only while it is still this server's
	if err := os.Chmod(sock, 0o600); err != nil {
		ln.Close()
		return err
	}
	mine, err := os.Stat(sock)
	if err != nil {
		ln.Close()
		return err
	}
	l.activity = make(chan struct{}, 1)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	l.end = cancel
	go l.watch(ctx, sock, mine)
	go func() { <-ctx.Done(); ln.Close() }()
	var wg sync.WaitGroup
	if l.Start != nil {
		wg.Add(1)
		go func() { defer wg.Done(); l.Start(ctx) }()
	}
	for {
		conn, err := ul.AcceptUnix()
		if err != nil {
			break
		}
		l.Touch()
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer conn.Close()
			if peer(conn) {
				l.Handle(ctx, conn)
			}
		}()
	}
	wg.Wait()
	if now, err := os.Stat(sock); err == nil && os.SameFile(now, mine) {
		os.Remove(sock)
	}
	return nil
}

// watch ends the server after Idle without activity (none Busy), or once its socket is gone.
func (l *Loop) watch(ctx context.Context, sock string, mine os.FileInfo) {
	timer := time.NewTimer(l.Idle)
	tick := time.NewTicker(time.Second)
	defer timer.Stop()
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-l.activity:
			timer.Reset(l.Idle)
		case <-timer.C:
			if l.busy.Load() > 0 {
				timer.Reset(l.Idle)
				continue
			}
			l.End()
			return
		case <-tick.C:
			if now, err := os.Stat(sock); err != nil || !os.SameFile(now, mine) {
				l.End()
				return
			}
		}
	}
}

// Lock takes the exclusive lock that makes one process the server of a socket (its lock file
// path); ok is false when another holds it. unlock releases it (the lock also ends with the
// process).
func Lock(path string) (unlock func(), ok bool, err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, false, err
	}
	if err := filelock.TryLock(f); err != nil {
		f.Close()
		if errors.Is(err, filelock.ErrHeld) {
			return nil, false, nil
		}
		return nil, false, err
	}
	return func() { filelock.Unlock(f); f.Close() }, true, nil
}
